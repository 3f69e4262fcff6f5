// Many flows (a workload's thousands) grouped for tables, colours and legends: by workload
// (a workload's flows are named "<workload id>#<n>"), by size bucket, or by source host.
import type { FlowSummary, RunSummary } from '../sim/types';
import { flowColour } from './palette';
import { formatBytes } from './values';

/** Flows listed one by one up to this many; more are grouped (and found with the search box). */
export const MAX_FLOW_ROWS = 8;

export type GroupBy = 'workload' | 'size' | 'source';
export const GROUP_BYS: readonly { by: GroupBy; label: string }[] = [
  { by: 'workload', label: 'by workload' },
  { by: 'size', label: 'by size' },
  { by: 'source', label: 'by source' },
];

/** Size buckets: the web-search workload's short, medium and long flows (pFabric, AIFO Sec. 6). */
export const SIZE_BUCKETS: readonly { label: string; max: number }[] = [
  { label: `under ${formatBytes(100_000)}`, max: 100_000 },
  { label: `${formatBytes(100_000)} to ${formatBytes(10_000_000)}`, max: 10_000_000 },
  { label: `${formatBytes(10_000_000)} and more`, max: Infinity },
];

export interface FlowGroup {
  readonly key: string;
  readonly label: string;
  /** Flow indices in the run. */
  readonly flows: readonly number[];
}

function keyOf(f: FlowSummary, by: GroupBy, s: RunSummary): [string, string] {
  if (by === 'workload') {
    const hash = f.id.indexOf('#');
    return hash < 0 ? [f.id, f.id] : [f.id.slice(0, hash), `workload ${f.id.slice(0, hash)}`];
  }
  if (by === 'source') {
    const id = s.nodes[f.src]?.id ?? `node ${f.src}`;
    return [id, `from ${id}`];
  }
  if (f.size === undefined || f.size === null) return ['open', 'open-ended'];
  const size = f.size;
  const i = SIZE_BUCKETS.findIndex((b) => size < b.max);
  return [`size${i}`, SIZE_BUCKETS[i]?.label ?? 'other'];
}

/** The run's flows in groups, in order of first appearance (size buckets in size order). */
export function groupFlows(s: RunSummary, by: GroupBy): FlowGroup[] {
  const groups = new Map<string, { label: string; flows: number[] }>();
  s.flows.forEach((f, i) => {
    const [key, label] = keyOf(f, by, s);
    const g = groups.get(key) ?? { label, flows: [] };
    g.flows.push(i);
    groups.set(key, g);
  });
  const out = [...groups].map(([key, g]) => ({ key, label: g.label, flows: g.flows }));
  return by === 'size' ? out.sort((a, b) => a.key.localeCompare(b.key)) : out;
}

/** Flows whose id contains the text (case-insensitive), at most `limit`. */
export function findFlows(s: RunSummary, text: string, limit: number): number[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  const out: number[] = [];
  for (let i = 0; i < s.flows.length && out.length < limit; i++) if (s.flows[i]?.id.toLowerCase().includes(q)) out.push(i);
  return out;
}

/** Colour by group: each flow wears its group's colour (the group's index in the flow palette). */
export function groupColours(groups: readonly FlowGroup[], flows: number): (flow: number) => string {
  const colour = new Array<string>(flows);
  groups.forEach((g, i) => {
    for (const f of g.flows) colour[f] = flowColour(i);
  });
  return (flow) => colour[flow] ?? flowColour(flow);
}

/**
 * 101 nearest-rank quantiles of values, as the core writes its CDFs (metrics::cdf): entry p is
 * the ceil(p n / 100)-th smallest, entry 0 the smallest; empty for no value.
 */
export function nearestRankCdf(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return [];
  return Array.from({ length: 101 }, (_, p) => sorted[p === 0 ? 0 : Math.max(1, Math.ceil((p * n) / 100)) - 1] as number);
}

/** Each group's flow completion times (its completed flows) as a CDF; empty for a group with none completed. */
export function groupFctCdfs(s: RunSummary, groups: readonly FlowGroup[]): number[][] {
  return groups.map((g) => nearestRankCdf(g.flows.flatMap((f) => {
    const fct = s.flows[f]?.fct_ns;
    return fct === undefined || fct === null ? [] : [fct];
  })));
}

/**
 * Each group's throughput per window: the sum over its flows the core binned (the flows a
 * scenario lists; a workload's are not binned). Groups without a binned flow are left out;
 * `index` is the group's place in `groups` (its colour).
 */
export function groupThroughput(s: RunSummary, groups: readonly FlowGroup[]): { group: FlowGroup; index: number; bps: number[] }[] {
  const binned = new Map(s.throughput.flows.map((f) => [f.flow, f.bps]));
  return groups.flatMap((group, index) => {
    const series = group.flows.map((f) => binned.get(f)).filter((b): b is number[] => b !== undefined);
    if (series.length === 0) return [];
    const bps = new Array<number>(Math.max(...series.map((b) => b.length))).fill(0);
    for (const b of series) b.forEach((v, k) => { bps[k] = (bps[k] ?? 0) + v; });
    return [{ group, index, bps }];
  });
}
