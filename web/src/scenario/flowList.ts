// Flow lists (`flow_list` traffic): the lines of a workload file as the UPS authors write them
// (start s, size B, source, destination). The core reads and checks them; the page only
// counts them and follows the nodes they name when nodes are renamed or deleted.
import type { EditableScenario, FlowList } from './types';

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

/**
 * Whether an imported file is a flow list rather than a scenario: a `.txt` name, or text that
 * is not JSON and whose first flow line has four fields, as the authors' workload files do.
 */
export function isFlowListFile(name: string, text: string): boolean {
  if (/\.txt$/i.test(name)) return true;
  if (text.trimStart().startsWith('{')) return false;
  const first = text.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#'));
  return first !== undefined && first.split(/\s+/).length === 4;
}

/**
 * A flow list made of an imported file's lines, for the draft `s`: its id from the file name
 * (unique among the traffic's ids). When the lines name nodes by number (the authors' files
 * number their topology's nodes from 0) rather than by id, the numbers stand for the draft's
 * nodes in their order (`nodes`); the core checks every line when the draft runs.
 */
export function flowListFromFile(s: EditableScenario, name: string, text: string): FlowList {
  const base = name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'flows';
  const taken = new Set(s.traffic.map((t) => t.id));
  let id = base;
  for (let k = 2; taken.has(id); k++) id = `${base}-${k}`;
  const item: FlowList = { kind: 'flow_list', id, flows: text };
  const ids = new Set(s.topology.nodes.map((n) => n.id));
  const ends = lines(item).flatMap(([, , src, dst]) => [src, dst]).filter((f): f is string => f !== undefined);
  const numbered = ends.length > 0 && ends.every((f) => /^\d+$/.test(f)) && !ends.every((f) => ids.has(f));
  return numbered ? { ...item, nodes: s.topology.nodes.map((n) => n.id) } : item;
}
