// Flow lists (`flow_list` traffic): the lines of a workload file as the UPS authors write them
// (start s, size B, source, destination). The core reads and checks them; the page only
// counts them and follows the nodes they name when nodes are renamed or deleted.
import type { FlowList } from './types';

/** The fields of each flow line (blank lines and `#` comments skipped). */
function lines(t: FlowList): string[][] {
  return t.flows.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')).map((l) => l.split(/\s+/));
}

/** How many flows the list gives. */
export function flowCount(t: FlowList): number {
  return lines(t).length;
}

/** The node a line's source or destination field names: through `nodes` when the list numbers them. */
function nodeOf(t: FlowList, field: string): string {
  if (!t.nodes) return field;
  return t.nodes[Number(field)] ?? field;
}

/** Every node the list refers to: its flows' ends and its paths' nodes. */
export function listNodes(t: FlowList): Set<string> {
  const out = new Set<string>();
  for (const [, , src, dst] of lines(t)) {
    if (src !== undefined && dst !== undefined) { out.add(nodeOf(t, src)); out.add(nodeOf(t, dst)); }
  }
  for (const p of t.paths ?? []) p.forEach((n) => out.add(n));
  return out;
}

/** The list with node `from` called `to` (in its numbering, paths and named lines). */
export function renameInFlowList(t: FlowList, from: string, to: string): FlowList {
  if (!listNodes(t).has(from) && !(t.nodes ?? []).includes(from)) return t;
  const r = (n: string) => (n === from ? to : n);
  const paths = t.paths ? { paths: t.paths.map((p) => p.map(r)) } : {};
  if (t.nodes) return { ...t, nodes: t.nodes.map(r), ...paths };
  const flows = t.flows.split('\n').map((l) => {
    const [start, size, src, dst, ...rest] = l.trim().split(/\s+/);
    const flow = rest.length === 0 && start !== undefined && size !== undefined && src !== undefined && dst !== undefined;
    return flow && !l.trim().startsWith('#') ? [start, size, r(src), r(dst)].join(' ') : l;
  }).join('\n');
  return { ...t, flows, ...paths };
}
