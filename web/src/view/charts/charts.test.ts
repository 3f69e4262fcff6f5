import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import type { BucketOut, DropCounts, WaitOut } from '../../generated/results';
import { bucketTick } from './bucketChart';
import { decadeDomain } from './cdfChart';
import { countTicks, labelMargin, ordinal } from './chart';
import { droppingPorts } from './dropsChart';
import { varianceSeconds, waitText, waitingPorts } from './waitChart';

const style = { label: 's', colour: '#000', dash: '' };
const drops = (buffer_full: number, aqm = 0): DropCounts => ({ buffer_full, push_out: 0, aqm, aifo_admission: 0, pifo_overflow: 0, edge_aqm: 0, flow_queue_full: 0, rank_threshold: 0, afq_horizon: 0 });
const wait = (mean_ns: number, std_ns = 0): WaitOut => ({ mean_ns, std_ns, variance_ns2: std_ns * std_ns, max_ns: mean_ns + std_ns });

describe('chart helpers', () => {
  it('spans whole decades on a log axis, from the smallest positive value', () => {
    expect(decadeDomain([0, 3, 250])).toEqual([1, 1000]);
    expect(decadeDomain([1200, 56_000])).toEqual([1000, 100_000]);
    expect(decadeDomain([10, 10])).toEqual([10, 100]); // one value: one decade
    expect(decadeDomain([0, 0])).toEqual([1, 10]); // nothing positive
  });

  it('ticks a count axis at whole numbers only', () => {
    // d3 would tick 0, 0.5, 1, ... 3 here; packets come whole.
    expect(countTicks(scaleLinear().domain([0, 3]), 6)).toEqual([0, 1, 2, 3]);
  });

  it('leaves room for row labels: 6 px a character and 14 px of axis, within 60 px and 40% of the width', () => {
    expect(labelMargin(['r → dst'], 400)).toBe(60); // 7 × 6 + 14 = 56, below the minimum
    expect(labelMargin(['r → dst', 'router_a → server_a'], 400)).toBe(128); // 19 × 6 + 14
    expect(labelMargin(['router_a → server_a'], 200)).toBe(80); // 40% of 200
  });

  it('names percentiles and size buckets', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 99].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '99th']);
    const b = (min: number, max: number | null) => ({ min_bytes: min, max_bytes: max }) as unknown as BucketOut;
    expect([bucketTick(b(0, 10_000)), bucketTick(b(10_000, 100_000)), bucketTick(b(10_000_000, null))]).toEqual(['≤ 10 KB', '≤ 100 KB', '> 10 MB']);
  });

  it('rows of the drops chart: ports that dropped in any run, the most drops first', () => {
    const a = { ...style, ports: [drops(0), drops(5), drops(2, 1), drops(0)] };
    const b = { ...style, ports: [drops(0), drops(0), drops(0, 4), drops(1)] };
    // Sums over both runs: port 1 has 5, port 2 has 3 + 4 = 7, port 3 has 1.
    expect(droppingPorts([a, b])).toEqual([2, 1, 3]);
    expect(droppingPorts([a, b], 2)).toEqual([2, 1]);
  });

  it('rows of the queueing-delay chart: ports where packets waited, the longest mean wait first', () => {
    const codel = { ...style, ports: [wait(0), wait(10.2e6, 8.5e6), null, wait(1e6)] };
    const lstf = { ...style, ports: [wait(0), wait(6.7e6, 23.7e6), null, wait(2e6)] };
    expect(waitingPorts([codel, lstf])).toEqual([1, 3]); // port 0 never waited, port 2 sent nothing
  });

  it('writes a variance in s², as the LSTFCoDel paper\'s tables do', () => {
    // 23.7 ms standard deviation: (23.7e6 ns)² = 5.6169e14 ns² = 5.6e-4 s².
    expect(varianceSeconds(23.7e6 ** 2)).toBe('5.6e-4 s²');
    expect(varianceSeconds(0)).toBe('0 s²');
    expect(waitText({ ...wait(6.7e6, 23.7e6), p50_ns: 2e6, p99_ns: 120e6 }))
      .toBe('mean 6.7 ms ± 23.7 ms · variance 5.6e-4 s² · median 2 ms · p99 120 ms · max 30.4 ms');
    expect(waitText(null)).toBe('sent nothing');
  });
});
