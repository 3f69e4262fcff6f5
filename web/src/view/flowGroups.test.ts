import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import { groupFctCdfs, groupFlows, groupThroughput, nearestRankCdf } from './flowGroups';

/** Two workloads' flows ("w#n", "v#n") and one listed flow "a"; sizes put them in buckets. */
const summary = {
  nodes: [{ id: 'h1' }, { id: 'h2' }],
  flows: [
    { id: 'w#0', src: 0, size: 1_000, fct_ns: 40 },
    { id: 'w#1', src: 1, size: 2_000_000, fct_ns: 10 },
    { id: 'v#0', src: 0, size: 50_000, fct_ns: null },
    { id: 'w#2', src: 0, size: 3_000, fct_ns: 20 },
    { id: 'a', src: 1, size: null, fct_ns: null },
  ],
  throughput: { window_ns: 100, flows: [{ flow: 4, bps: [5, 6] }, { flow: 0, bps: [1, 2, 3] }, { flow: 3, bps: [10] }] },
} as unknown as RunSummary;

describe('flow groups for the charts', () => {
  it('makes 101 nearest-rank quantiles as the core does', () => {
    // n = 3 (10, 20, 40): entry p is the ceil(3p/100)-th smallest: p 0..33 -> 10, 34..66 -> 20, 67..100 -> 40.
    const c = nearestRankCdf([40, 10, 20]);
    expect(c).toHaveLength(101);
    expect([c[0], c[33], c[34], c[66], c[67], c[100]]).toEqual([10, 10, 20, 20, 40, 40]);
    expect(nearestRankCdf([])).toEqual([]);
  });

  it('gives each group the CDF of its completed flows', () => {
    const groups = groupFlows(summary, 'workload');
    expect(groups.map((g) => g.label)).toEqual(['workload w', 'workload v', 'a']);
    const cdfs = groupFctCdfs(summary, groups);
    // Workload w completed three flows (FCT 40, 10, 20); v and a none.
    expect([cdfs[0]?.[0], cdfs[0]?.[50], cdfs[0]?.[100]]).toEqual([10, 20, 40]);
    expect(cdfs.slice(1)).toEqual([[], []]);
  });

  it('sums the binned flows of a group window by window, and leaves out groups without one', () => {
    const bySource = groupFlows(summary, 'source');
    // from h1: flows 0, 2, 3 (binned: 0 [1, 2, 3] and 3 [10]); from h2: flows 1, 4 (binned: 4 [5, 6]).
    expect(groupThroughput(summary, bySource).map((g) => [g.group.label, g.index, g.bps])).toEqual([
      ['from h1', 0, [11, 2, 3]],
      ['from h2', 1, [5, 6]],
    ]);
    const byWorkload = groupFlows(summary, 'workload');
    expect(groupThroughput(summary, byWorkload).map((g) => g.group.label)).toEqual(['workload w', 'a']);
  });
});
