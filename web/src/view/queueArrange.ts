// Queue columns against each other, frame by frame. Each port offers spots for its column
// (queuePlace.ts: clear of the nodes, best first). In port order, each non-empty queue takes
// the first spot where its column, as tall as its queue, covers no column or count already
// placed; where none has room, the spot that shows the most of its queue, the column cut to
// the rows that fit (the count says the rest); where not even one row fits, the column is
// left out (zooming in makes room); in a roomy drawing, where columns stay at their spot, a
// column drops cells side by side rather than cover a node. Then its count goes above it (else
// right of its top): the full text, else the number alone, else none, whichever first covers
// no column, count, name or node and stays on the drawing.
// Pure, no DOM.
import type { Point } from './layout';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Where a column may go: its bottom-left corner, and the rows it has there before a node. */
export interface Spot {
  readonly base: Point;
  readonly rows: number;
}

/** A non-empty queue to draw. */
export interface ColumnRequest {
  readonly port: number;
  /** Spots, best first (the first is the column's place when nothing is in the way). */
  readonly spots: readonly Spot[];
  /** Cells it could show (the queue's head as the trace keeps it). */
  readonly cells: number;
  /** The count's texts for `shown` cells drawn, most detailed first (e.g. "12 queued (+3)", then "12"). */
  readonly counts: (shown: number) => readonly string[];
}

/** Cell size and spacing, the most cells side by side, and whether columns may move and shrink. */
export interface Grid {
  readonly cellW: number;
  readonly cellH: number;
  readonly gap: number;
  readonly columns: number;
  /** Dense drawings: columns move to another spot or shrink to clear each other; otherwise only counts give way. */
  readonly movable: boolean;
  /** The count's font size in px, and its width for a text. */
  readonly font: number;
  readonly width: (text: string) => number;
  /** Text a count must not cover either (a dense drawing's router names). */
  readonly labels?: readonly Box[];
  /**
   * The nodes as drawn (portGeometry.ts `nodeBoxes`): no count covers one, and a column that
   * cannot move (a roomy drawing) gives up cells side by side, down to one column, rather
   * than cover one (its count says the rest).
   */
  readonly nodes?: readonly Box[];
  /** The drawing's size: a count that would run off it takes its shorter text (or none). */
  readonly stage?: { readonly w: number; readonly h: number };
}

/** A column as drawn: its base, rows and cells shown, its box, and its count (null: left out). */
export interface Arranged {
  readonly port: number;
  readonly base: Point;
  readonly rows: number;
  readonly shown: number;
  readonly box: Box;
  readonly count: { readonly text: string; readonly x: number; readonly y: number; readonly box: Box } | null;
}

/** A queue count's font size in px: 9 in a dense drawing, else 11 at the larger of the drawing's scale and its text factor. */
export function countPx(dense: boolean, scale: number, text: number): number {
  return dense ? 9 : Math.round(11 * Math.max(scale, text));
}

/** Two boxes overlap, or come closer than `margin` px. */
export const intersects = (a: Box, b: Box, margin = 0): boolean =>
  a.x < b.x + b.w + margin && a.x + a.w + margin > b.x && a.y < b.y + b.h + margin && a.y + a.h + margin > b.y;

/** The least room between two columns of different ports, so they read as two. */
const SPACE = 2;

/** The box of `shown` cells at `base`, filling columns of `rows` bottom up. */
export function columnBox(base: Point, rows: number, shown: number, g: Grid): Box {
  const cols = Math.max(1, Math.ceil(shown / rows));
  const tall = Math.min(shown, rows);
  const w = cols * (g.cellW + g.gap) - g.gap;
  const h = tall * (g.cellH + g.gap);
  return { x: base.x, y: base.y - h, w, h };
}

/** The most cells of `cells` the spot shows clear of `placed`, with its rows (0 shown: none fits). */
function fit(spot: Spot, cells: number, placed: readonly Box[], g: Grid): { rows: number; shown: number } {
  const cap = Math.max(1, spot.rows);
  // A short queue is a short column at any rows: fewer rows only once the column is cut.
  for (let rows = cap; rows >= (g.movable ? 1 : cap); rows--) {
    const shown = Math.min(cells, rows * g.columns);
    if (!placed.some((p) => intersects(columnBox(spot.base, rows, shown, g), p, SPACE))) return { rows, shown };
  }
  return { rows: cap, shown: 0 };
}

/** All of the queue a spot can show with nothing in the way. */
const full = (spot: Spot, cells: number, g: Grid) => Math.min(cells, Math.max(1, spot.rows) * g.columns);

/** `shown` cells in columns of `rows`, less a column at a time (down to one) while their box covers a node. */
function clearOfNodes(base: Point, rows: number, shown: number, nodes: readonly Box[], g: Grid): number {
  let n = shown;
  while (n > rows && nodes.some((b) => intersects(columnBox(base, rows, n, g), b))) n = (Math.ceil(n / rows) - 1) * rows;
  return n;
}

export function arrangeColumns(requests: readonly ColumnRequest[], g: Grid): Arranged[] {
  const placed: Box[] = [];
  const out: Arranged[] = [];
  for (const r of requests) {
    const first = r.spots[0];
    if (!first) continue;
    let best = { spot: first, rows: Math.max(1, first.rows), shown: full(first, r.cells, g) };
    if (!g.movable && g.nodes) best = { ...best, shown: clearOfNodes(first.base, best.rows, best.shown, g.nodes, g) };
    if (g.movable) {
      // The most any spot could show: once a spot shows it, no later one does better.
      const most = Math.max(...r.spots.map((s) => full(s, r.cells, g)));
      best = { spot: first, rows: 1, shown: 0 };
      for (const spot of r.spots) {
        const f = fit(spot, r.cells, placed, g);
        if (f.shown > best.shown) best = { spot, ...f };
        if (best.shown === most) break;
      }
      if (best.shown === 0) continue;
    }
    const box = columnBox(best.spot.base, best.rows, best.shown, g);
    placed.push(box);
    out.push({ port: r.port, base: best.spot.base, rows: best.rows, shown: best.shown, box, count: null });
  }
  // Counts after every column: a count gives way to any column, to the counts before it and to
  // the names drawn; above its column, else right of the column's top.
  const byPort = new Map(requests.map((r) => [r.port, r]));
  const labels = [...(g.labels ?? []), ...(g.nodes ?? [])];
  return out.map((a, i) => {
    const texts = byPort.get(a.port)?.counts(a.shown) ?? [];
    const at = [{ x: a.base.x, y: a.box.y - 5 }, { x: a.box.x + a.box.w + 3, y: a.box.y + g.font - 1 }];
    for (const text of texts) {
      for (const { x, y } of at) {
        const box = { x: x - 1, y: y - g.font, w: g.width(text) + 2, h: g.font + 1 };
        if (placed.some((p, j) => j !== i && intersects(box, p)) || labels.some((l) => intersects(box, l))) continue;
        if (g.stage && (box.x < 0 || box.y < 0 || box.x + box.w > g.stage.w || box.y + box.h > g.stage.h)) continue;
        placed.push(box);
        return { ...a, count: { text, x, y, box } };
      }
    }
    return a;
  });
}

/**
 * Where a port's drop and mark flashes go: right of its column (or of its empty column's
 * base, `base`) at its foot, else at its top, else left of it (foot, top), else above it,
 * else further right, the first whose `r` px around clears every box in `placed` (columns,
 * counts, other ports' flashes); else the first.
 */
export function flashSpot(a: Arranged | undefined, base: Point, r: number, placed: readonly Box[]): Point {
  const box = a?.box ?? { x: base.x, y: base.y, w: 0, h: 0 };
  const top = a?.count?.box.y ?? box.y;
  const right = box.x + box.w + r + 3;
  const left = box.x - r - 3;
  const spots = [
    { x: right, y: base.y - r },
    { x: right, y: box.y + r },
    { x: left, y: base.y - r },
    { x: left, y: box.y + r },
    { x: box.x + r, y: top - r - 2 },
    { x: right + 2 * r + 3, y: base.y - r },
  ];
  const clear = spots.find((s) => !placed.some((p) => intersects({ x: s.x - r, y: s.y - r, w: 2 * r, h: 2 * r }, p)));
  return clear ?? (spots[0] as Point);
}

/** Every box the arrangement drew: columns, then counts. */
export function arrangedBoxes(arranged: readonly Arranged[]): Box[] {
  return [...arranged.map((a) => a.box), ...arranged.flatMap((a) => (a.count ? [a.count.box] : []))];
}
