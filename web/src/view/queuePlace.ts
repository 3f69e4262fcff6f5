// Where a port's queue column goes in a dense drawing (a fat-tree, Internet2): the column grows
// up from its base, beside the link near the sending node. On a short link towards a node
// above (an aggregation switch over its edge switch, an edge router fanned out above its core
// router), the first spot puts the column over that node; a few other spots are tried (further
// along the link, or left of it) and the first that clears every node (and every router's name
// beside it) is taken; when none
// does, the one with room for the most rows, and the column is cut to them (more columns side
// by side, and the count of the rest). The spots after the first are where the column goes
// when another column takes the first (queueArrange.ts). Pure, no DOM.
import type { Point } from './layout';
import type { Spot } from './queueArrange';

/** A column: `rows` cells of `pitch` px at most, and `head` px above them (its count), `width` px wide. */
export interface ColumnSize {
  readonly width: number;
  readonly pitch: number;
  readonly rows: number;
  readonly head: number;
}

/**
 * What a column must not cover: a node as drawn (its centre and the radius of a circle around
 * its shape), or a name beside a node (its box: left, top, right, bottom).
 */
export type Obstacle =
  | { readonly x: number; readonly y: number; readonly r: number }
  | { readonly box: readonly [number, number, number, number] };

/** An obstacle and an axis-aligned box overlap. */
function overlaps(o: Obstacle, x0: number, y0: number, x1: number, y1: number): boolean {
  if ('box' in o) {
    const [l, t, r, b] = o.box;
    return l < x1 && x0 < r && t < y1 && y0 < b;
  }
  const dx = o.x - Math.max(x0, Math.min(o.x, x1));
  const dy = o.y - Math.max(y0, Math.min(o.y, y1));
  return dx * dx + dy * dy < o.r * o.r;
}

/** An obstacle's bounding box: left, top, right, bottom. */
function bounds(o: Obstacle): readonly [number, number, number, number] {
  return 'box' in o ? o.box : [o.x - o.r, o.y - o.r, o.x + o.r, o.y + o.r];
}

/** Grid cells' side, px: about a column's width, so a column looks at a few cells. */
const CELL = 64;

/**
 * Obstacles bucketed by the grid cells their boxes touch, so a column's box is checked only
 * against those near it (a drawing of hundreds of ports and nodes: each port's spots against
 * every node was most of the time a large run took to reach the screen).
 */
export class Obstacles {
  private readonly cells = new Map<string, Obstacle[]>();

  constructor(list: readonly Obstacle[]) {
    for (const o of list) {
      const [l, t, r, b] = bounds(o);
      this.each(l, t, r, b, (key) => {
        const cell = this.cells.get(key);
        if (cell) cell.push(o);
        else this.cells.set(key, [o]);
      });
    }
  }

  /** The obstacles that overlap the box (x0, y0)-(x1, y1), each once. */
  overlapping(x0: number, y0: number, x1: number, y1: number): Obstacle[] {
    const found = new Set<Obstacle>();
    this.each(x0, y0, x1, y1, (key) => {
      for (const o of this.cells.get(key) ?? []) if (overlaps(o, x0, y0, x1, y1)) found.add(o);
    });
    return [...found];
  }

  private each(l: number, t: number, r: number, b: number, f: (key: string) => void): void {
    for (let cx = Math.floor(l / CELL); cx <= Math.floor(r / CELL); cx++) {
      for (let cy = Math.floor(t / CELL); cy <= Math.floor(b / CELL); cy++) f(`${cx},${cy}`);
    }
  }
}

/** The fewest rows a column keeps, however little room it has. */
export const MIN_ROWS = 2;

/** How many rows (up to size.rows) a column at `base` has before it would cover a node; -1 when even none clears. */
function rowsClear(base: Point, size: ColumnSize, nodes: Obstacles): number {
  const top = (rows: number) => base.y - rows * size.pitch - size.head;
  // A shorter column's box lies inside the full one's (same foot, lower top): only what the
  // full column covers can stop a shorter one. Those first, then the few near.
  const near = nodes.overlapping(base.x, top(size.rows), base.x + size.width, base.y);
  for (let rows = size.rows; rows >= 0; rows--) {
    if (!near.some((o) => overlaps(o, base.x, top(rows), base.x + size.width, base.y))) return rows;
  }
  return -1;
}

/**
 * Spots for the queue column of the port from `a` to `b`, best first: along the link at
 * distance `q`, a little right of it, then left of it, then further along (0.35, 0.5 and 0.65
 * of the link) on either side. Spots whose full column covers no node come first, in that
 * order, then the rest by the rows they have before a node (at least MIN_ROWS); when no spot
 * has MIN_ROWS clear, the one with the most rows, cut to MIN_ROWS. Another column may take a
 * spot (queueArrange.ts): the next one is there.
 */
export function queueSpots(a: Point, b: Point, q: number, size: ColumnSize, obstacles: readonly Obstacle[] | Obstacles): Spot[] {
  const nodes = obstacles instanceof Obstacles ? obstacles : new Obstacles(obstacles);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const along = (d: number, side: 'right' | 'left') => ({
    x: a.x + u.x * d + (side === 'right' ? 6 : -6 - size.width),
    y: a.y + u.y * d - 8,
  });
  const bases = [along(q, 'right'), along(q, 'left')];
  for (const d of [len * 0.35, len * 0.5, len * 0.65]) if (d > q) bases.push(along(d, 'right'), along(d, 'left'));
  const spots = bases.map((base) => ({ base, rows: rowsClear(base, size, nodes) }));
  const clear = spots.filter((s) => s.rows === size.rows);
  const cut = spots.filter((s) => s.rows >= MIN_ROWS && s.rows < size.rows).sort((x, y) => y.rows - x.rows);
  if (clear.length + cut.length > 0) return [...clear, ...cut];
  const most = spots.reduce((m, s) => (s.rows > m.rows ? s : m));
  return [{ base: most.base, rows: MIN_ROWS }];
}

/** The first of queueSpots: where the column goes when no other column is in the way. */
export function placeQueue(a: Point, b: Point, q: number, size: ColumnSize, nodes: readonly Obstacle[] | Obstacles): Spot {
  return queueSpots(a, b, q, size, nodes)[0] as Spot;
}
