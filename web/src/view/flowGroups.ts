// Many flows (a workload's thousands) grouped for tables, colours and legends: by workload
// (a workload's flows are named "<workload id>#<n>"), by size bucket (the core's: each flow's
// `size_bucket` into `fct.by_size`, with its label), or by source host. Each group's FCT CDF
// is the core's (metrics::cdf through the binding's `fct_cdfs`): here only the members.
import type { FlowSummary, RunSummary } from '../sim/types';
import { flowColour } from './palette';

/** Flows listed one by one up to this many; more are grouped (and found with the search box). */
export const MAX_FLOW_ROWS = 8;

export type GroupBy = 'workload' | 'size' | 'source';
export const GROUP_BYS: readonly { by: GroupBy; label: string }[] = [
  { by: 'workload', label: 'by workload' },
  { by: 'size', label: 'by size' },
  { by: 'source', label: 'by source' },
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
  const b = f.size_bucket;
  if (b === undefined || b === null) return ['open', 'open-ended'];
  return [`size${b}`, s.fct.by_size[b]?.label ?? `size bucket ${b}`];
}

/** Size groups in the core's bucket order, open-ended flows last. */
const sizeOrder = (key: string): number => (key === 'open' ? Infinity : Number(key.slice('size'.length)));

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
  return by === 'size' ? out.sort((a, b) => sizeOrder(a.key) - sizeOrder(b.key)) : out;
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

/** The groups' completed flows as the core's `fct_cdfs` takes them: flow i's group and its FCT, ns. */
export interface FctMembers {
  readonly groups: number;
  readonly group: Uint32Array;
  readonly fctNs: Float64Array;
}

export function fctMembers(s: RunSummary, groups: readonly FlowGroup[]): FctMembers {
  const group: number[] = [];
  const fctNs: number[] = [];
  groups.forEach((g, i) => {
    for (const f of g.flows) {
      const fct = s.flows[f]?.fct_ns;
      if (fct === undefined || fct === null) continue;
      group.push(i);
      fctNs.push(fct);
    }
  });
  return { groups: groups.length, group: Uint32Array.from(group), fctNs: Float64Array.from(fctNs) };
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
