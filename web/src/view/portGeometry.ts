// Where each port of a run is drawn: its link's ends (packets ride between the node edges), and
// its queue column's spot. In a dense drawing the column has several spots clear of the nodes
// and the routers' names (queuePlace.ts), which the packet layer shares out among the columns frame by frame
// (queueArrange.ts). Pure, no DOM.
import type { RunSummary } from '../sim/types';
import type { Point } from './layout';
import type { PortGeometry } from './packetLayer';
import type { Box } from './queueArrange';
import { Obstacles, queueSpots, type ColumnSize, type Obstacle } from './queuePlace';
import type { SceneLink, SceneNode } from './scene';

/** How the nodes are drawn: their size factor, and the least gap between two of them on screen. */
export interface NodeSizes {
  readonly size: number;
  readonly minGap: number;
  /** A dense drawing's router names, px (DENSE_NAME.px; larger in presentation mode). */
  readonly namePx?: number;
}

/** The radius of a circle around a node's shape (a router's circle, a host's box). */
export function nodeRadius(kind: SceneNode['kind'], { size, minGap }: NodeSizes): number {
  return kind === 'router' ? Math.min(20 * size, minGap * 0.42) : Math.min(46 * size, minGap * 0.8) / 2;
}

/**
 * The line under a roomy drawing's router (its scheduler; "CPU drfq · fifo" at a middlebox):
 * `px` px text (11 at text factor 1) with its baseline `y` px below the node's centre, drawn
 * when the size factor `size` is at least 0.7 (topologySvg.ts). `bottom`: its lowest pixel.
 */
export function subLabel(size: number, text: number): { y: number; px: number; bottom: number } {
  const y = 20 * size + 14 * text;
  const px = 11 * text;
  return { y, px, bottom: y + 0.3 * px };
}

/**
 * A router's name in a dense drawing (topologySvg.ts): 9 px text (styles.css
 * `.node-label.small`; `presentationPx` in presentation mode) starting 2 px right of its
 * circle, its baseline at the circle's top.
 */
export const DENSE_NAME = { dx: 2, px: 9, presentationPx: 14 } as const;

/** The box of a router's name in a dense drawing (left, top, right, bottom), at about 0.6 em a character of `px`. */
export function denseNameBox(p: Point, name: string, r: number, px: number = DENSE_NAME.px): [number, number, number, number] {
  const left = p.x + r + DENSE_NAME.dx;
  const base = p.y - r;
  return [left, base - px, left + name.length * px * 0.6, base + 2];
}

/** The boxes of a dense drawing's router names (left, top, right, bottom), as drawn beside their nodes. */
export function denseNames(nodes: readonly SceneNode[], screen: ReadonlyMap<string, Point>, sizes: NodeSizes): [number, number, number, number][] {
  return nodes.flatMap((n) => {
    const p = n.kind === 'router' ? screen.get(n.id) : undefined;
    return p ? [denseNameBox(p, n.id, nodeRadius(n.kind, sizes), sizes.namePx)] : [];
  });
}

/** Link labels are drawn from this size factor on, on links longer than `LINK_LABEL_MIN` px. */
export const LINK_LABELS_FROM = 0.9;
const LINK_LABEL_MIN = 150;

/**
 * Where a link's label goes (topologySvg.ts): the middle of the link, 16 px (times the text
 * factor `text`) to the side that keeps it below the line, its baseline 4 px lower; its text
 * 11 px times `text`, centred. Null: a link too short for one.
 */
export function linkLabelAt(a: Point, b: Point, text: number): { x: number; y: number; px: number } | null {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  if (len <= LINK_LABEL_MIN) return null;
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  const flip = ny < 0 ? -1 : 1;
  return { x: (a.x + b.x) / 2 + nx * 16 * text * flip, y: (a.y + b.y) / 2 + ny * 16 * text * flip + 4 * text, px: 11 * text };
}

/** The link labels' boxes at about 0.6 em a character (none below LINK_LABELS_FROM): queue counts and state labels keep clear of them. */
export function linkLabelBoxes(links: readonly SceneLink[], screen: ReadonlyMap<string, Point>, size: number, text: number): Box[] {
  if (size < LINK_LABELS_FROM) return [];
  return links.flatMap((l) => {
    const a = screen.get(l.from);
    const b = screen.get(l.to);
    const at = a && b ? linkLabelAt(a, b, text) : null;
    if (!at) return [];
    const w = l.label.length * at.px * 0.6;
    return [{ x: at.x - w / 2, y: at.y - at.px, w, h: 1.3 * at.px }];
  });
}

/**
 * What each node covers on screen (left, top, width, height): its circle's square (a
 * middlebox's larger square), a host's box, and in a roomy drawing (`text`: its text factor;
 * null for a dense one, which draws no such line) the scheduler's line under a router at about 0.6 em a character
 * (topologySvg.ts). Queue columns, counts, state labels and flashes keep clear of these.
 */
export function nodeBoxes(nodes: readonly SceneNode[], screen: ReadonlyMap<string, Point>, sizes: NodeSizes, text: number | null): Box[] {
  return nodes.flatMap((n) => {
    const p = screen.get(n.id);
    if (!p) return [];
    const r = nodeRadius(n.kind, sizes);
    const half = n.kind === 'host' ? { w: r, h: r * (28 / 46) } : n.middlebox !== undefined ? { w: r * 1.25, h: r * 1.25 } : { w: r, h: r };
    const boxes: Box[] = [{ x: p.x - half.w, y: p.y - half.h, w: 2 * half.w, h: 2 * half.h }];
    if (text !== null && n.kind === 'router' && n.scheduler) {
      const sub = subLabel(sizes.size, text);
      const chars = n.middlebox !== undefined ? ` CPU ${n.middlebox} · ${n.scheduler}`.length : n.scheduler.length + 1;
      const w = chars * sub.px * 0.6;
      boxes.push({ x: p.x - w / 2, y: p.y + sub.y - sub.px, w, h: sub.bottom - sub.y + sub.px });
    }
    return boxes;
  });
}

/**
 * Each port's geometry (null for a port whose nodes are not on screen). `column`: the queue
 * column of a dense drawing, whose spots then keep clear of the nodes; null for a roomy one.
 */
export function portGeometries(
  summary: RunSummary, nodes: readonly SceneNode[], screen: ReadonlyMap<string, Point>, sizes: NodeSizes, column: ColumnSize | null,
): (PortGeometry | null)[] {
  const edge = 24 * sizes.size;
  // Dense drawings: the columns keep clear of the nodes and of the routers' names beside them.
  const obstacles = new Obstacles(column
    ? nodes.flatMap((n): Obstacle[] => {
      const p = screen.get(n.id);
      if (!p) return [];
      const r = nodeRadius(n.kind, sizes);
      const node = { x: p.x, y: p.y, r: r + 2 };
      return n.kind === 'router' ? [node, { box: denseNameBox(p, n.id, r, sizes.namePx) }] : [node];
    })
    : []);
  return summary.ports.map((port) => {
    const a = screen.get(summary.nodes[port.node]?.id ?? '');
    const b = screen.get(summary.nodes[port.to]?.id ?? '');
    if (!a || !b) return null;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
    const e = Math.min(edge, len / 3);
    const q = Math.min(edge + 14, len / 2);
    const spots = column ? queueSpots(a, b, q, column, obstacles) : null;
    return {
      start: { x: a.x + u.x * e, y: a.y + u.y * e },
      end: { x: b.x - u.x * e, y: b.y - u.y * e },
      normal: { x: -u.y, y: u.x },
      queueBase: spots?.[0]?.base ?? { x: a.x + u.x * q + 6, y: a.y + u.y * q - 8 },
      ...(spots ? { queueSpots: spots } : {}),
    };
  });
}
