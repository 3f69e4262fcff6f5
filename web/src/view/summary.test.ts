import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import { bestOf, bottleneckPort, csvField, summaryColumns, summaryCsv } from './summary';

/** A run with only what the table reads: two ports (h0 → r1, r1 → h1), one small flow group. */
function run(hash: string, smallMean: number | null, waitMean: number, waitStd: number, utilisation: number): RunSummary {
  const stats = (u: number, wait: object | null) => ({ utilization: u, wait });
  const group = (mean: number | null) => ({ stats: { mean_ns: mean, p99_ns: mean === null ? null : 2 * mean } });
  return {
    trace_hash: hash,
    workloads: [],
    nodes: [{ id: 'h0' }, { id: 'r1' }, { id: 'h1' }],
    ports: [
      { node: 0, to: 1, stats: stats(0.5, null) },
      { node: 1, to: 2, stats: stats(utilisation, { mean_ns: waitMean, std_ns: waitStd, variance_ns2: waitStd ** 2, max_ns: 0 }) },
    ],
    fct: { small: group(smallMean), large: group(null), all: { flows: 4, completed: 4 } },
    delay: { mean: 100, p99: 200 },
    totals: { dropped: 0 },
    flows: [],
  } as unknown as RunSummary;
}

describe('the summary table', () => {
  it('marks the best of each column: the lowest (or highest) value, ties as printed, none when nothing differs', () => {
    expect(bestOf([3, 1, 2], 'low')).toEqual([false, true, false]);
    expect(bestOf([3, 1, 2], 'high')).toEqual([true, false, false]);
    expect(bestOf([1, null, 1], 'low')).toEqual([false, false, false]); // all equal: nothing is better
    expect(bestOf([5, null], 'low')).toEqual([false, false]); // one value: nothing to compare
    // 1.001 ms and 1.0012 ms both print "1 ms": a tie, both marked, 2 ms is not.
    expect(bestOf([1.001e6, 1.0012e6, 2e6], 'low', ['1 ms', '1 ms', '2 ms'])).toEqual([true, true, false]);
  });

  it('reads utilisation and queueing delay at the busiest port, also when a workload was calibrated on another', () => {
    const a = run('aa', 1000, 5e6, 1e6, 0.9);
    expect(bottleneckPort(a)).toBe(1); // 0.9 busy against 0.5
    const withWorkload = { ...a, workloads: [{ port: 0 }] } as unknown as RunSummary;
    expect(bottleneckPort(withWorkload)).toBe(1);
    expect(bottleneckPort(run('bb', 1000, 5e6, 1e6, 0.5))).toBe(0); // a tie: the lowest index
    const ids = summaryColumns(a).map((c) => c.id);
    expect(ids).toEqual(['small-mean', 'small-p99', 'large-mean', 'large-p99', 'delay-mean', 'delay-p99', 'drops', 'out-of-order', 'completed', 'wait-mean', 'wait-std', 'utilisation']);
    // The FCT groups as the results define them: small (0, 100 KB], large [1 MB, inf).
    expect(summaryColumns(a).find((c) => c.id === 'small-mean')?.title).toBe('small flows (≤ 100 KB): mean FCT');
    expect(summaryColumns(a).find((c) => c.id === 'large-mean')?.title).toBe('large flows (≥ 1 MB): mean FCT');
    const std = summaryColumns(a).find((c) => c.id === 'wait-std');
    expect(std?.title).toBe('queueing delay at r1 → h1: std dev');
    expect(std?.text(a)).toBe('1 ms');
  });

  it('writes CSV with raw values in the header\'s unit, empty where there is none, quoting what needs it', () => {
    const codel = run('aa', 1500, 10.2e6, 8.5e6, 0.86);
    const runs = [{ label: 'codel (target=5ms, interval=100ms)', summary: codel }, { label: 'lstf_codel', summary: run('bb', null, 6.7e6, 23.7e6, 0.74) }];
    const csv = summaryCsv(runs, summaryColumns(codel)).trim().split('\n');
    expect(csv[0]).toBe('scheduler,trace_hash,small_flows_mean_fct_ns,small_flows_p99_fct_ns,large_flows_mean_fct_ns,large_flows_p99_fct_ns,'
      + 'delay_mean_ns,delay_p99_ns,dropped_packets,out_of_order_packets,completed_fraction,bottleneck_wait_mean_ns,bottleneck_wait_std_ns,bottleneck_utilisation');
    expect(csv[1]).toBe('"codel (target=5ms, interval=100ms)",aa,1500,3000,,,100,200,0,0,1,10200000,8500000,0.86');
    expect(csv[2]).toBe('lstf_codel,bb,,,,,100,200,0,0,1,6700000,23700000,0.74');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('plain')).toBe('plain');
  });
  it('adds the mean burst delay over every ON-OFF burst when a run has periodic ON-OFF sources', () => {
    // By hand: flow a has 2 bursts of mean 10 ms, flow b 1 burst of 40 ms: (2 x 10 + 40) / 3 = 20 ms.
    const flows = [{ bursts: 2, burst_delay_mean_ns: 10e6 }, { bursts: 1, burst_delay_mean_ns: 40e6 }, { bursts: 0, burst_delay_mean_ns: null }];
    const s = { ...run('h', 1, 1, 1, 0.5), flows } as unknown as RunSummary;
    const col = summaryColumns(s).find((c) => c.id === 'burst-mean');
    expect(col?.value(s)).toBe(20e6);
    expect(summaryColumns(run('h', 1, 1, 1, 0.5)).some((c) => c.id === 'burst-mean')).toBe(false);
  });
});
