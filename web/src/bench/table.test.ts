import { describe, expect, it } from 'vitest';
import { benchmarkOrder, COLUMNS, formatRow, rate } from './table';

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

  it('formats a row: per-second figures over wall time, memory in MiB, 16 hex of the hash', () => {
    const row = formatRow({
      name: 'single-link-md1',
      events: 802_599,
      delivered: 133_765,
      wallS: 0.5,
      memoryBytes: 3 * 2 ** 20,
      traceHash: 'c58e9c3904c2341053d974606c51aa55',
    });
    expect(row).toHaveLength(COLUMNS.length);
    expect(row).toEqual(['single-link-md1', '802599', '133765', '0.500', '1.61 M', '268 k', '3.0 MiB', 'c58e9c3904c23410']);
  });

  it('leaves out what was not measured', () => {
    const row = formatRow({ name: 'x', events: 1, delivered: 0, wallS: 0, memoryBytes: null, traceHash: 'ab' });
    expect(row.slice(4)).toEqual(['-', '-', '-', 'ab']);
  });
});
