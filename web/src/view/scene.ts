// What the topology view draws, computed from the draft scenario: nodes at abstract positions
// (their `pos`, or an automatic layout for nodes without one), links with their labels, and
// each router's scheduler. Pure; the view maps abstract positions to the screen.
import type { PortChoices } from '../scenario/choices';
import type { EditableScenario } from '../scenario/types';
import type { RunSummary } from '../sim/types';
import { nodePositions, type Point } from './layout';

export interface SceneNode {
  readonly id: string;
  readonly kind: 'host' | 'router';
  /** Abstract position (scenario units). */
  readonly p: Point;
  /** Scheduler shown under a router: its name, "+" when some port overrides it. */
  readonly scheduler: string | null;
  /** A middlebox: its CPU stage's scheduler, by display name. */
  readonly middlebox?: string;
}

export interface SceneLink {
  readonly index: number;
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

export interface Scene {
  readonly nodes: readonly SceneNode[];
  readonly links: readonly SceneLink[];
}

/** One name for a router's ports: theirs, or the first with "+" when they differ. */
function oneName(names: readonly string[]): string | null {
  const first = names[0];
  if (first === undefined) return null;
  return names.every((n) => n === first) ? first : `${first}+`;
}

/** A scheduler id as the page names it (the registry's display name). */
export type DisplayName = (id: string) => string;
const asIs: DisplayName = (id) => id;

/** What a router's ports run, as the core says. */
function routerLabel(id: string, ports: readonly PortChoices[] | null, display: DisplayName): string | null {
  return oneName((ports ?? []).filter((p) => p.node === id).map((p) => display(p.choices[0]?.scheduler.name ?? '')));
}

/** The scene of a draft; `ports` is the core's answer to which scheduler each port runs. */
export function buildScene(s: EditableScenario, ports: readonly PortChoices[] | null, display: DisplayName = asIs): Scene {
  const { nodes, links } = s.topology;
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const pairs = links.flatMap((l) => {
    const from = index.get(l.from);
    const to = index.get(l.to);
    return from === undefined || to === undefined ? [] : [{ from, to }];
  });
  const points = nodePositions(nodes.map((n) => ({ pos: n.pos ? [n.pos[0], n.pos[1]] : null })), pairs);
  return {
    nodes: nodes.map((n, i) => ({
      id: n.id,
      kind: n.kind,
      p: points[i] ?? { x: 0, y: 0 },
      scheduler: n.kind === 'router' ? routerLabel(n.id, ports, display) : null,
      ...(n.middlebox ? { middlebox: display(n.middlebox.scheduler?.name ?? 'drfq') } : {}),
    })),
    links: links.map((l, i) => ({
      index: i, from: l.from, to: l.to,
      label: `${l.bandwidth} · ${l.delay}${l.buffer ? ` · ${l.buffer}` : ''}`,
    })),
  };
}

/** The scene of a run of the draft's network, each router labelled with what its ports ran in it. */
export function runScene(s: EditableScenario, summary: RunSummary, display: DisplayName = asIs): Scene {
  const scene = buildScene(s, null);
  const ran = new Map<string, string[]>();
  for (const p of summary.ports) {
    const id = summary.nodes[p.node]?.id;
    if (id !== undefined) ran.set(id, [...(ran.get(id) ?? []), display(p.scheduler)]);
  }
  return { ...scene, nodes: scene.nodes.map((n) => (n.kind === 'router' ? { ...n, scheduler: oneName(ran.get(n.id) ?? []) } : n)) };
}

/** Nodes added, removed or moved between two scenes: more than one means "a new drawing". */
export function changedNodes(prev: Scene, next: Scene): number {
  const before = new Map(prev.nodes.map((n) => [n.id, n.p]));
  let changed = 0;
  for (const n of next.nodes) {
    const p = before.get(n.id);
    if (!p || p.x !== n.p.x || p.y !== n.p.y) changed++;
    before.delete(n.id);
  }
  return changed + before.size;
}

/**
 * Whether a run's network is the draft's network (same nodes by id and kind, same links), so
 * its packets can be drawn on the draft's drawing. Positions, rates and schedulers may differ.
 */
export function runMatches(summary: RunSummary, s: EditableScenario): boolean {
  const { nodes, links } = s.topology;
  if (summary.nodes.length !== nodes.length || summary.links.length !== links.length) return false;
  const kinds = new Map(nodes.map((n) => [n.id, n.kind]));
  if (!summary.nodes.every((n) => kinds.get(n.id) === n.kind)) return false;
  const key = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  const drawn = new Set(links.map((l) => key(l.from, l.to)));
  return summary.links.every((l) => drawn.has(key(summary.nodes[l.from]?.id ?? '', summary.nodes[l.to]?.id ?? '')));
}
