import { describe, expect, it } from 'vitest';
import { formatBytes, formatSigned, formatValue, shortValue, slackOf } from './values';

describe('values with units', () => {
  it('shows NaN, the core\'s value that does not apply, as none', () => {
    expect(formatValue(Number.NaN, 'ns', 0)).toBe('none');
    expect(formatValue(Number.NaN, 'deadline', 5)).toBe('none');
    expect(shortValue(Number.NaN, 'ns', 0)).toBe('–');
  });
  it('prints each unit', () => {
    expect(formatValue(1_400_000, 'ns', 0)).toBe('1.4 ms');
    expect(formatValue(12_300, 'bytes', 0)).toBe('12.3 KB');
    // 98 400 000 millibits = 98 400 bits = 12 300 bytes.
    expect(formatValue(98_400_000, 'millibits', 0)).toBe('12.3 KB');
    expect(formatValue(10e6, 'bps', 0)).toBe('10 Mbps');
    expect(formatValue(20, 'packets', 0)).toBe('20 pkt');
    expect(formatValue(37, 'rank', 0)).toBe('37');
    expect(formatValue(0.25, 'fraction', 0)).toBe('0.25');
    expect(formatValue(1, 'flag', 0)).toBe('yes');
    expect(formatValue(0, 'flag', 0)).toBe('no');
    // LSTFCoDel's epsilon = 1/1.0075, in billionths.
    expect(formatValue(992_555_831, 'billionths', 0)).toBe('0.992555831');
    // A flow is its index in the run's flow list.
    expect(formatValue(1, 'flow', 0, ['A', 'B'])).toBe('B');
    expect(formatValue(3, 'flow', 0)).toBe('flow 3');
  });

  it('shows a deadline against the playhead: the slack left, negative once passed', () => {
    expect(slackOf(5000, 'deadline', 100)).toBe(4900);
    expect(slackOf(5000, 'ns', 100)).toBeNull();
    expect(formatValue(5000, 'deadline', 100)).toBe('+4.9µs');
    expect(formatValue(5000, 'deadline', 7345)).toBe('−2.35µs');
    expect(formatSigned(0)).toBe('+0ns');
    expect(formatSigned(125_000_000)).toBe('+125ms');
    expect(formatSigned(9_990e9)).toBe('+9990s'); // three significant digits, below 1e4 s
    // A 22 MB flow's slack at 1 s per byte: 2.2e7 s, short enough for a queue cell.
    expect(formatSigned(22_000_000 * 1e9)).toBe('+2.2e7s');
    expect(formatSigned(-1.5e13)).toBe('−1.5e4s');
  });

  it('is short in a queue cell', () => {
    expect(shortValue(500, 'bytes', 0)).toBe('500B');
    expect(shortValue(1_400_000, 'ns', 0)).toBe('1.4ms');
    expect(shortValue(142_100_000, 'rank', 0)).toBe('142.1M');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(shortValue(992_555_831, 'billionths', 0)).toBe('0.9926');
  });
});
