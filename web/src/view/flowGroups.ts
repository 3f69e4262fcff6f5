// Many flows (a workload's thousands) grouped for tables, colours and legends: by workload
// (a workload's flows are named "<workload id>#<n>"), by size bucket, or by source host.
import type { FlowSummary, RunSummary } from '../sim/types';
import { flowColour } from './palette';
import { formatBytes } from './values';

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
