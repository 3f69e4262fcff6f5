import { describe, expect, it } from 'vitest';
import { benchmarkOrder, COLUMNS, formatRow, median, rate } from './table';

describe('bench table', () => {
  it('orders the benchmarks as sched-cli bench: UDP by name, then the two TCP ones', () => {
    const paths = [
      '../../../wasm-core/cli/bench/dumbbell-10g-1024.json',
      '../../../wasm-core/cli/bench/single-link-md1.json',
      '../../../wasm-core/cli/bench/dumbbell-10g-16.json',
      '../../../wasm-core/cli/bench/dumbbell-udp.json',
      '../../../wasm-core/cli/bench/internet2-70.json',
    ];
    expect(benchmarkOrder(paths)).toEqual(['dumbbell-udp', 'internet2-70', 'single-link-md1', 'dumbbell-10g-16', 'dumbbell-10g-1024']);
  });

  it('formats rates with SI suffixes', () => {
    expect(rate(4_930_000)).toBe('4.93 M');
    expect(rate(152_400)).toBe('152 k');
    expect(rate(12)).toBe('12');
    expect(rate(Number.NaN)).toBe('-');
  });

  it('takes the median of the later runs: the middle one, or the mean of the middle two', () => {
    expect(median([0.9, 0.5, 0.7])).toBe(0.7);
    expect(median([0.4, 0.8, 0.5, 0.6])).toBe(0.55); // (0.5 + 0.6) / 2
    expect(median([])).toBeNaN();
  });

  it('formats a row: rates over the later runs\' median wall time, memory in MiB, 16 hex of the hash', () => {
    const row = formatRow({
      name: 'single-link-md1',
      events: 802_599,
      delivered: 133_765,
      firstWallS: 0.9,
      laterWallS: [0.6, 0.5, 0.4],
      memoryBytes: 3 * 2 ** 20,
      traceHash: 'c58e9c3904c2341053d974606c51aa55',
    });
    expect(row).toHaveLength(COLUMNS.length);
    // 802,599 / 0.5 s = 1.605 M/s; 133,765 / 0.5 s = 267.5 k/s.
    expect(row).toEqual(['single-link-md1', '802599', '133765', '0.900', '0.500 (3)', '1.61 M', '268 k', '3.0 MiB', 'c58e9c3904c23410']);
  });

  it('rates over the first run when it ran alone', () => {
    const row = formatRow({ name: 'x', events: 1_000_000, delivered: 2_000, firstWallS: 2, laterWallS: [], memoryBytes: null, traceHash: 'ab' });
    // 1,000,000 / 2 s = 500 k/s; 2,000 / 2 s = 1 k/s.
    expect(row.slice(3)).toEqual(['2.000', '-', '500 k', '1 k', '-', 'ab']);
  });

  it('leaves out what was not measured', () => {
    const row = formatRow({ name: 'x', events: 1, delivered: 0, firstWallS: 0, laterWallS: [], memoryBytes: null, traceHash: 'ab' });
    expect(row.slice(4)).toEqual(['-', '-', '-', '-', 'ab']);
  });
});
