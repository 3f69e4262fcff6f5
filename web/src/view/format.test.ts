import { describe, expect, it } from 'vitest';
import { formatBandwidth, formatDuration, formatMs, formatRate, niceRound } from './format';

describe('format', () => {
  it('formats durations in the largest fitting unit', () => {
    expect([0, 750, 12_500, 3_200_000, 1_250_000_000].map(formatDuration)).toEqual(['0 s', '750 ns', '12.5 µs', '3.2 ms', '1.25 s']);
  });

  it('formats rates, bandwidths and the time readout', () => {
    expect(formatRate(10_000_000)).toBe('10 ms/s');
    expect(formatRate(2_500_000)).toBe('2.5 ms/s');
    expect(formatBandwidth(10e6)).toBe('10 Mbps');
    expect(formatBandwidth(null)).toBe('∞');
    expect(formatMs(57_340_000)).toBe('57.340 ms');
  });

  it('rounds base rates to 1-2-5 steps', () => {
    expect(niceRound(10_000_000)).toBe(10_000_000);
    expect(niceRound(13_000_000)).toBe(10_000_000);
    expect(niceRound(1_700)).toBe(2_000);
    expect(niceRound(4_000)).toBe(5_000);
    expect(niceRound(0)).toBe(1);
  });
});
