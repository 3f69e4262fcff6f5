import { describe, expect, it } from 'vitest';
import { compactNumber, formatBandwidth, formatClock, formatDuration, formatMs, formatRate, niceRound } from './format';

describe('format', () => {
  it('formats durations in the largest fitting unit', () => {
    expect([0, 750, 12_500, 3_200_000, 1_250_000_000].map(formatDuration)).toEqual(['0 s', '750 ns', '12.5 µs', '3.2 ms', '1.25 s']);
  });

  it('reads the playhead in microseconds for runs under a millisecond', () => {
    expect(formatClock(3_000, 10_000)).toBe('3.000 µs');
    expect(formatClock(10_000, 10_000, 0)).toBe('10 µs');
    expect(formatClock(3_000, 200_000_000)).toBe('0.003 ms');
  });

  it('reads long runs in seconds and minutes (2168 ms of 186661 ms: "2.17 s / 3 min 6.7 s")', () => {
    expect(formatClock(2_168_000_000, 186_661_000_000)).toBe('2.17 s');
    expect(formatClock(186_661_000_000, 186_661_000_000, 0)).toBe('3 min 6.7 s');
    expect(formatDuration(186_661_000_000)).toBe('3 min 6.7 s');
  });

  it('writes whole minutes and whole seconds without zeros (axis ticks of a 100 s run)', () => {
    expect(formatDuration(60e9)).toBe('1 min');
    expect(formatDuration(80e9)).toBe('1 min 20 s');
    expect(formatDuration(-90e9)).toBe('−1 min 30 s');
    // The playhead's readout keeps its tenths, so its width stays put while it plays.
    expect(formatClock(60e9, 100e9)).toBe('1 min 0.0 s');
    // 2 h 5 min 3 s = 7503 s.
    expect(formatDuration(7_503e9)).toBe('2 h 5 min');
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

describe('compactNumber', () => {
  it('keeps four significant digits with a k/M/G suffix', () => {
    expect(compactNumber(950)).toBe('950');
    expect(compactNumber(12_345)).toBe('12.35k');
    expect(compactNumber(140_332_000)).toBe('140.3M');
    expect(compactNumber(2.5e9)).toBe('2.5G');
    expect(compactNumber(-1500)).toBe('-1.5k');
    expect(compactNumber(0.25)).toBe('0.25');
  });
});
