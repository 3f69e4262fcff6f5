// Editor commands: pure functions (scenario, args) -> scenario. A command that cannot apply
// (unknown id, duplicate link, ...) returns the scenario unchanged (the same object), so the
// history records nothing. Unknown fields of edited objects are kept.
import { omit, setAt } from './paths';
import { listNodes, renameInFlowList } from './flowList';
import {
  SCENARIO_FORMAT, SCENARIO_VERSION, isPointTraffic,
  type EditableScenario, type LinkSpec, type MiddleboxSpec, type NodeKind, type NodeSpec, type SchedulerSpec, type Traffic, type TrafficKind,
} from './types';

type S = EditableScenario;
export type Pos = readonly [number, number];

export const LINK_DEFAULTS = { bandwidth: '10Mbps', delay: '1ms', buffer: '64KB' } as const;

/** An empty scenario to draw on. */
export function blankScenario(): S {
  return {
    format: SCENARIO_FORMAT, version: SCENARIO_VERSION,
    name: 'Untitled', description: '', seed: 1, duration: '100ms',
    topology: { nodes: [], links: [] }, traffic: [],
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const withTopology = (s: S, nodes: readonly NodeSpec[], links: readonly LinkSpec[]): S => ({ ...s, topology: { ...s.topology, nodes, links } });

/** First free id of the form prefix1, prefix2, ... */
export function freshId(taken: Iterable<string>, prefix: string): string {
  const used = new Set(taken);
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

export const nextNodeId = (s: S, kind: NodeKind, middlebox = false): string =>
  freshId(s.topology.nodes.map((n) => n.id), kind === 'host' ? 'h' : middlebox ? 'mb' : 'r');

export function addNode(s: S, args: { kind: NodeKind; pos: Pos; id?: string; middlebox?: MiddleboxSpec }): S {
  const id = args.id ?? nextNodeId(s, args.kind, args.middlebox !== undefined);
  if (s.topology.nodes.some((n) => n.id === id)) return s;
  const node: NodeSpec = {
    id, kind: args.kind, pos: [round(args.pos[0]), round(args.pos[1])],
    ...(args.middlebox ? { middlebox: args.middlebox } : {}),
  };
  return withTopology(s, [...s.topology.nodes, node], s.topology.links);
}

/**
 * Moves a node. Nodes without a position get theirs from `fill` (where the page drew them), so
 * that pinning one node does not make the automatic layout move the others.
 */
export function moveNode(s: S, args: { id: string; pos: Pos; fill?: Readonly<Record<string, Pos>> }): S {
  if (!s.topology.nodes.some((n) => n.id === args.id)) return s;
  const nodes = s.topology.nodes.map((n) => {
    if (n.id === args.id) return { ...n, pos: [round(args.pos[0]), round(args.pos[1])] as const };
    const f = args.fill?.[n.id];
    return n.pos || !f ? n : { ...n, pos: [round(f[0]), round(f[1])] as const };
  });
  return withTopology(s, nodes, s.topology.links);
}

/** Why `to` cannot be the new id of node `id`, or null when it can. */
export function nodeIdProblem(s: S, id: string, to: string): string | null {
  if (to.trim() === '') return 'a name is required';
  if (to !== to.trim()) return 'no spaces at the start or end';
  if (to !== id && s.topology.nodes.some((n) => n.id === to)) return `"${to}" is taken by another node`;
  return null;
}

const rename = (id: string, from: string, to: string) => (id === from ? to : id);

function renameInTraffic(t: Traffic, from: string, to: string): Traffic {
  if (t.kind === 'flow_list') return renameInFlowList(t, from, to);
  if (isPointTraffic(t)) {
    const path = t.path?.includes(from) ? { path: t.path.map((n) => rename(n, from, to)) } : {};
    return t.src === from || t.dst === from || 'path' in path ? { ...t, src: rename(t.src, from, to), dst: rename(t.dst, from, to), ...path } : t;
  }
  let w = t;
  const { endpoints, link } = t;
  if (endpoints && (endpoints.hosts?.includes(from) || endpoints.dst === from)) {
    w = { ...w, endpoints: { ...endpoints, ...(endpoints.hosts ? { hosts: endpoints.hosts.map((h) => rename(h, from, to)) } : {}), ...(typeof endpoints.dst === 'string' ? { dst: rename(endpoints.dst, from, to) } : {}) } };
  }
  if (link && (link.from === from || link.to === from)) w = { ...w, link: { from: rename(link.from, from, to), to: rename(link.to, from, to) } };
  return w;
}

/** Renames a node everywhere it is referred to: links, per-port schedulers, traffic. */
export function renameNode(s: S, args: { id: string; to: string }): S {
  const { id, to } = args;
  if (id === to || nodeIdProblem(s, id, to) !== null || !s.topology.nodes.some((n) => n.id === id)) return s;
  const nodes = s.topology.nodes.map((n) => (n.id === id ? { ...n, id: to } : n));
  const links = s.topology.links.map((l) => {
    if (l.from !== id && l.to !== id) return l;
    const out: LinkSpec = { ...l, from: rename(l.from, id, to), to: rename(l.to, id, to) };
    const own = l.schedulers?.[id];
    if (!l.schedulers || own === undefined) return out;
    return { ...out, schedulers: { ...omit(l.schedulers, id), [to]: own } };
  });
  return { ...withTopology(s, nodes, links), traffic: s.traffic.map((t) => renameInTraffic(t, id, to)) };
}

/** Whether a traffic item still makes sense when node `id` is gone. */
function survives(t: Traffic, id: string): boolean {
  if (isPointTraffic(t)) return t.src !== id && t.dst !== id && !t.path?.includes(id);
  if (t.kind === 'flow_list') return !listNodes(t).has(id);
  return t.endpoints?.dst !== id && t.link?.from !== id && t.link?.to !== id;
}

/** Deletes a node with its links and the traffic that starts or ends at it. */
export function deleteNode(s: S, id: string): S {
  if (!s.topology.nodes.some((n) => n.id === id)) return s;
  const nodes = s.topology.nodes.filter((n) => n.id !== id);
  const links = s.topology.links.filter((l) => l.from !== id && l.to !== id);
  const traffic = s.traffic.filter((t) => survives(t, id)).map((t) => {
    const e = t.kind === 'workload' ? t.endpoints : undefined;
    if (t.kind !== 'workload' || !e?.hosts?.includes(id)) return t;
    return { ...t, endpoints: { ...e, hosts: e.hosts.filter((h) => h !== id) } };
  });
  return { ...withTopology(s, nodes, links), traffic };
}

export const findLink = (s: S, a: string, b: string): number =>
  s.topology.links.findIndex((l) => (l.from === a && l.to === b) || (l.from === b && l.to === a));

/** Connects two nodes (full duplex) with the default bandwidth, delay and buffer. */
export function addLink(s: S, args: { from: string; to: string }): S {
  const { from, to } = args;
  const ids = new Set(s.topology.nodes.map((n) => n.id));
  if (from === to || !ids.has(from) || !ids.has(to) || findLink(s, from, to) >= 0) return s;
  return withTopology(s, s.topology.nodes, [...s.topology.links, { from, to, ...LINK_DEFAULTS }]);
}

export function deleteLink(s: S, index: number): S {
  if (index < 0 || index >= s.topology.links.length) return s;
  return withTopology(s, s.topology.nodes, s.topology.links.filter((_, i) => i !== index));
}

/** Sets one field (core path notation); `undefined` removes it. Unchanged values return `s`. */
export function setField(s: S, path: string, value: unknown): S {
  const next = setAt(s, path, value);
  return JSON.stringify(next) === JSON.stringify(s) ? s : next;
}

/** The scheduler of a node's ports (undefined: inherit the scenario default). */
export function setNodeScheduler(s: S, id: string, spec: SchedulerSpec | undefined): S {
  const i = s.topology.nodes.findIndex((n) => n.id === id);
  return i < 0 ? s : setField(s, `topology.nodes[${i}].scheduler`, spec);
}

/** The scheduler of one port: the output port of node `owner` onto link `index`. */
export function setPortScheduler(s: S, index: number, owner: string, spec: SchedulerSpec | undefined): S {
  const link = s.topology.links[index];
  if (!link || (link.from !== owner && link.to !== owner)) return s;
  const rest = omit(link.schedulers ?? {}, owner);
  const schedulers = spec ? { ...rest, [owner]: spec } : rest;
  return setField(s, `topology.links[${index}].schedulers`, Object.keys(schedulers).length > 0 ? schedulers : undefined);
}

export const nextTrafficId = (s: S, kind: TrafficKind): string => freshId(s.traffic.map((t) => t.id), `${kind}-`);

/** A new traffic item of `kind` between two hosts, with a fresh id and sensible values. */
export function newTraffic(s: S, kind: TrafficKind, src: string, dst: string): Traffic {
  const id = nextTrafficId(s, kind);
  switch (kind) {
    case 'cbr':
    case 'poisson': return { id, kind, src, dst, rate: '2Mbps', packet_size: '1500B' };
    case 'onoff': return { id, kind, src, dst, rate: '4Mbps', packet_size: '1500B', on: '10ms', off: '10ms', periods: 'exponential' };
    case 'bulk': return { id, kind, src, dst };
    case 'flow': return { id, kind, src, dst, size: '100KB', start: '0' };
    case 'workload': return { id, kind, load: 0.5, sizes: { dist: 'web_search' } };
    case 'flow_list': return { id, kind, flows: `0 14600 ${src} ${dst}\n0.001 29200 ${dst} ${src}\n` };
  }
}

export function addTraffic(s: S, item: Traffic): S {
  if (s.traffic.some((t) => t.id === item.id)) return s;
  return { ...s, traffic: [...s.traffic, item] };
}

export function deleteTraffic(s: S, index: number): S {
  if (index < 0 || index >= s.traffic.length) return s;
  return { ...s, traffic: s.traffic.filter((_, i) => i !== index) };
}

/** Drops traffic that refers to nodes the topology does not have (after loading a preset). */
export function pruneTraffic(s: S): { scenario: S; removed: string[] } {
  const ids = new Set(s.topology.nodes.map((n) => n.id));
  const known = (id: string | null | undefined) => id === undefined || id === null || ids.has(id);
  const keep = (t: Traffic) => (isPointTraffic(t)
    ? known(t.src) && known(t.dst) && (t.path ?? []).every(known)
    : t.kind === 'flow_list' ? [...listNodes(t)].every(known)
    : known(t.endpoints?.dst) && (t.endpoints?.hosts ?? []).every(known) && known(t.link?.from) && known(t.link?.to));
  const removed = s.traffic.filter((t) => !keep(t)).map((t) => t.id);
  return { scenario: removed.length === 0 ? s : { ...s, traffic: s.traffic.filter(keep) }, removed };
}
