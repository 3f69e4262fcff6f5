// Where to draw the nodes: positions from the scenario (`pos`), or a simple layered layout for
// nodes without one, then scaled uniformly to fit a box. Pure functions, no DOM.

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly width: number;
  readonly height: number;
  /** Space kept free on each side: [top, right, bottom, left]. */
  readonly padding: readonly [number, number, number, number];
}

/**
 * Layered layout: a node's layer is its hop distance (along from -> to) from a node without
 * incoming links; inside a layer, nodes are stacked in index order, centred on 0.
 */
export function layeredLayout(nodeCount: number, links: readonly { from: number; to: number }[]): Point[] {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  const hasIncoming = new Array<boolean>(nodeCount).fill(false);
  for (const { from, to } of links) {
    if (from < nodeCount && to < nodeCount) {
      out[from]?.push(to);
      hasIncoming[to] = true;
    }
  }
  const layer = new Array<number>(nodeCount).fill(-1);
  const bfs = (roots: number[]) => {
    const queue = [...roots];
    for (const r of roots) layer[r] = 0;
    while (queue.length > 0) {
      const n = queue.shift() as number;
      for (const m of out[n] ?? []) {
        if (layer[m] === -1) {
          layer[m] = (layer[n] as number) + 1;
          queue.push(m);
        }
      }
    }
  };
  bfs([...Array(nodeCount).keys()].filter((n) => !hasIncoming[n]));
  for (let n = 0; n < nodeCount; n++) if (layer[n] === -1) bfs([n]); // cycles without a root

  const members = new Map<number, number[]>();
  layer.forEach((l, n) => members.set(l, [...(members.get(l) ?? []), n]));
  const points = new Array<Point>(nodeCount);
  for (const [l, nodes] of members) {
    nodes.forEach((n, i) => {
      points[n] = { x: l, y: i - (nodes.length - 1) / 2 };
    });
  }
  return points;
}

/**
 * Abstract positions: `pos` where given; nodes without one take their layered position,
 * placed below the positioned nodes.
 */
export function nodePositions(
  nodes: readonly { pos: readonly [number, number] | null }[],
  links: readonly { from: number; to: number }[],
): Point[] {
  const given = nodes.flatMap((n) => (n.pos ? [n.pos] : []));
  if (given.length === nodes.length) return nodes.map((n) => ({ x: n.pos?.[0] ?? 0, y: n.pos?.[1] ?? 0 }));
  const layered = layeredLayout(nodes.length, links);
  if (given.length === 0) return layered;
  const below = Math.max(...given.map((p) => p[1])) + 1;
  const top = Math.min(...layered.map((p) => p.y));
  return nodes.map((n, i) => {
    if (n.pos) return { x: n.pos[0], y: n.pos[1] };
    const p = layered[i] as Point;
    return { x: p.x, y: below + (p.y - top) };
  });
}

/** Screen = (abstract.x * kx + x, abstract.y * ky + y). */
export interface Transform {
  readonly kx: number;
  readonly ky: number;
  readonly x: number;
  readonly y: number;
}

/** Pixels per abstract unit when nothing sets the scale (an empty or one-node drawing). */
export const DEFAULT_SCALE = 120;

export const toScreen = (t: Transform, p: Point): Point => ({ x: t.x + p.x * t.kx, y: t.y + p.y * t.ky });
export const toAbstract = (t: Transform, p: Point): Point => ({ x: (p.x - t.x) / t.kx, y: (p.y - t.y) / t.ky });

/**
 * The transform that scales points to fit inside the box and centres them. `maxStretch` 1
 * scales both axes alike; above 1, the axis with room to spare may be scaled up to that many
 * times the other, so a square network fills a wide panel. `DEFAULT_SCALE` when the points
 * span no distance.
 */
export function fitTransform(points: readonly Point[], box: Box, maxStretch = 1): Transform {
  const [top, right, bottom, left] = box.padding;
  const innerW = Math.max(0, box.width - left - right);
  const innerH = Math.max(0, box.height - top - bottom);
  if (points.length === 0) return { kx: DEFAULT_SCALE, ky: DEFAULT_SCALE, x: left + innerW / 2, y: top + innerH / 2 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  const fx = spanX > 0 ? innerW / spanX : Infinity;
  const fy = spanY > 0 ? innerH / spanY : Infinity;
  const scale = Math.min(fx, fy);
  const k = Number.isFinite(scale) && scale > 0 ? scale : DEFAULT_SCALE;
  const stretch = Math.max(1, maxStretch);
  const kx = Number.isFinite(fx) && fx > 0 ? Math.min(fx, k * stretch) : k;
  const ky = Number.isFinite(fy) && fy > 0 ? Math.min(fy, k * stretch) : k;
  const offX = left + (innerW - spanX * kx) / 2;
  const offY = top + (innerH - spanY * ky) / 2;
  return { kx, ky, x: offX - minX * kx, y: offY - minY * ky };
}

/** Scales points uniformly and centres them inside the box. */
export function fitToBox(points: readonly Point[], box: Box): Point[] {
  const t = fitTransform(points, box);
  return points.map((p) => toScreen(t, p));
}

/** A zoom on top of the fitted drawing: screen' = screen * k + (x, y). */
export interface Zoom {
  readonly k: number;
  readonly x: number;
  readonly y: number;
}

export const NO_ZOOM: Zoom = { k: 1, x: 0, y: 0 };
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;

/** The fitted transform with a zoom applied. */
export const zoomed = (t: Transform, z: Zoom): Transform => ({ kx: t.kx * z.k, ky: t.ky * z.k, x: t.x * z.k + z.x, y: t.y * z.k + z.y });

/** Zooms by `factor` about the screen point `at` (it stays where it is), within [MIN_ZOOM, MAX_ZOOM]. */
export function zoomAbout(z: Zoom, factor: number, at: Point): Zoom {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z.k * factor));
  const f = k / z.k;
  return { k, x: at.x - (at.x - z.x) * f, y: at.y - (at.y - z.y) * f };
}
