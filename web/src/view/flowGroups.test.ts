import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import { fctMembers, groupFlows, groupThroughput } from './flowGroups';

/**
 * Two workloads' flows ("w#n", "v#n") and one listed flow "a"; each finite flow carries the
 * core's size bucket, an index into fct.by_size, whose labels the core writes.
 */
const summary = {
  nodes: [{ id: 'h1' }, { id: 'h2' }],
  flows: [
    { id: 'w#0', src: 0, size: 1_000, size_bucket: 0, fct_ns: 40 },
    { id: 'w#1', src: 1, size: 2_000_000, size_bucket: 3, fct_ns: 10 },
    { id: 'v#0', src: 0, size: 100_000, size_bucket: 1, fct_ns: null },
    { id: 'w#2', src: 0, size: 3_000, size_bucket: 0, fct_ns: 20 },
    { id: 'a', src: 1, size: null, size_bucket: null, fct_ns: null },
  ],
  fct: { by_size: [{ label: '≤ 10 KB' }, { label: '10 KB–100 KB' }, { label: '100 KB–1 MB' }, { label: '1 MB–10 MB' }, { label: '> 10 MB' }] },
  throughput: { window_ns: 100, flows: [{ flow: 4, bps: [5, 6] }, { flow: 0, bps: [1, 2, 3] }, { flow: 3, bps: [10] }] },
} as unknown as RunSummary;

describe('flow groups for the table and the charts', () => {
  it('groups by the core\'s size bucket, labelled as the core labels it, in bucket order, open-ended flows last', () => {
    // The 100,000 B flow is in the core's (10 KB, 100 KB] bucket (the page's own buckets once made it "100 KB to 10 MB").
    const groups = groupFlows(summary, 'size');
    expect(groups.map((g) => [g.label, g.flows])).toEqual([
      ['≤ 10 KB', [0, 3]], ['10 KB–100 KB', [2]], ['1 MB–10 MB', [1]], ['open-ended', [4]],
    ]);
  });

  it('hands the core each group\'s completed flows, for their FCT CDFs', () => {
    const groups = groupFlows(summary, 'workload');
    expect(groups.map((g) => g.label)).toEqual(['workload w', 'workload v', 'a']);
    // Workload w completed three flows (FCT 40, 10, 20), in group 0; v and a none.
    const m = fctMembers(summary, groups);
    expect([m.groups, [...m.group], [...m.fctNs]]).toEqual([3, [0, 0, 0], [40, 10, 20]]);
    const bySize = fctMembers(summary, groupFlows(summary, 'size'));
    expect([bySize.groups, [...bySize.group], [...bySize.fctNs]]).toEqual([4, [0, 0, 2], [40, 20, 10]]);
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
