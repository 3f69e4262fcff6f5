// Where a port's queue column goes in a dense drawing (a fat-tree, Internet2): the column grows
// up from its base, beside the link near the sending node. On a short link towards a node
// above (an aggregation switch over its edge switch, an edge router fanned out above its core
// router), the first spot puts the column over that node; a few other spots are tried (further
// along the link, or left of it) and the first that clears every node is taken; when none
// does, the one with room for the most rows, and the column is cut to them (more columns side
// by side, and the count of the rest). Pure, no DOM.
import type { Point } from './layout';

/** A column: `rows` cells of `pitch` px at most, and `head` px above them (its count), `width` px wide. */
export interface ColumnSize {
  readonly width: number;
  readonly pitch: number;
  readonly rows: number;
  readonly head: number;
}

/** A node as drawn: its centre and the radius of a circle around its shape. */
export interface Obstacle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** A circle and an axis-aligned box overlap. */
function overlaps(o: Obstacle, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = o.x - Math.max(x0, Math.min(o.x, x1));
  const dy = o.y - Math.max(y0, Math.min(o.y, y1));
  return dx * dx + dy * dy < o.r * o.r;
}

/** The fewest rows a column keeps, however little room it has. */
export const MIN_ROWS = 2;

/** How many rows (up to size.rows) a column at `base` has before it would cover a node; -1 when even none clears. */
function rowsClear(base: Point, size: ColumnSize, nodes: readonly Obstacle[]): number {
  for (let rows = size.rows; rows >= 0; rows--) {
    const top = base.y - rows * size.pitch - size.head;
    if (!nodes.some((o) => overlaps(o, base.x, top, base.x + size.width, base.y))) return rows;
  }
  return -1;
}

/**
 * The base of the queue column of the port from `a` to `b` and its rows: the first spot (along
 * the link at distance `q`, a little right of it) unless its column covers a node; then the
 * first other spot whose full column covers none; else the spot with room for the most rows.
 */
export function placeQueue(a: Point, b: Point, q: number, size: ColumnSize, nodes: readonly Obstacle[]): { base: Point; rows: number } {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const along = (d: number, side: 'right' | 'left') => ({
    x: a.x + u.x * d + (side === 'right' ? 6 : -6 - size.width),
    y: a.y + u.y * d - 8,
  });
  const spots = [along(q, 'right'), along(q, 'left')];
  for (const d of [len * 0.35, len * 0.5]) if (d > q) spots.push(along(d, 'right'), along(d, 'left'));
  let best = { base: spots[0] as Point, rows: -1 };
  for (const base of spots) {
    const rows = rowsClear(base, size, nodes);
    if (rows > best.rows) best = { base, rows };
    if (rows === size.rows) break;
  }
  return { base: best.base, rows: Math.max(MIN_ROWS, best.rows) };
}
