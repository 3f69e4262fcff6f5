// Where each port's state label goes (issue 38), frame by frame, the way queue columns are
// placed (queueArrange.ts): in the order given (the longest queue first), each label takes the
// first spot beside its column (right, left, right at the foot, left at the foot, above, below),
// moved inside the stage, that covers no node, column, count or label already placed. Where no
// spot has room for the whole label (lines cut to the stage's width), its lines cut to a
// middling width try the same spots, then its first line (cut to a short width, "…" when more
// follows), then a "…" marker; where not even that fits, the label is left out. Whatever is cut keeps its full text for the pointer's title
// (and the Inspect tab shows every field). Geometry only: the text is the drawers' (from the
// core's state). Pure, no DOM.
import { intersects, type Box } from './queueArrange';
import type { StateItem } from './drawers/state';
import { LINE, type LabelToDraw } from './drawers/text';

/** A port's label to place: its column's area (its full rows, from the base up) and what its drawer wrote. */
export interface LabelRequest {
  readonly port: number;
  readonly column: Box;
  /** The point a label away from its column is tied to by a thin line (the column's top). */
  readonly anchor: { readonly x: number; readonly y: number };
  readonly items: readonly StateItem[];
}

/** The stage, the labels' text size and their font's text width. */
export interface LabelSpace {
  readonly stage: { readonly w: number; readonly h: number };
  readonly k: number;
  readonly width: (text: string) => number;
}

/** A label as placed: what LabelToDraw draws, its full text, and whether any of it is not shown. */
export interface PlacedLabel extends LabelToDraw {
  readonly port: number;
  readonly full: readonly string[];
  readonly cut: boolean;
}

/** Room between a column and its label, and kept clear around each label. */
const GAP = 6;
const MARGIN = 1;
/** A label's first line alone is cut to this width (at text size 1). */
const SHORT_W = 150;
/** Where a whole label finds no room, its lines cut to this width (at text size 1) try again. */
const MID_W = 210;
/** The marker of a label with no room for a line. */
const MARKER = '…';

/** `text` cut (ending in "…") to `max` px, or whole when it fits. */
export function cut(text: string, max: number, width: (t: string) => number): string {
  if (width(text) <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(`${text.slice(0, mid).trimEnd()}…`) <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? MARKER : `${text.slice(0, lo).trimEnd()}…`;
}

type Row = LabelToDraw['rows'][number];
/** A label's rows laid out from (0, 0), its size, and whether anything was cut. */
interface Layout { readonly rows: readonly Row[]; readonly w: number; readonly h: number; readonly cut: boolean }

/** Rows down from the top: lines LINE apart, figures their own height; `maxW` cuts the lines. */
function layout(items: readonly StateItem[], maxW: number, s: LabelSpace): Layout {
  const lineH = LINE * s.k;
  let y = 1;
  let w = 0;
  let wasCut = false;
  const rows: Row[] = [];
  for (const item of items) {
    if (item.kind === 'figure') {
      if (item.w + 4 > maxW) {
        wasCut = true;
        continue;
      }
      rows.push({ kind: 'figure', top: y, draw: item.draw });
      w = Math.max(w, item.w + 4);
      y += item.h + 2;
      continue;
    }
    const extra = 8 + (item.swatch ? 12 * s.k : 0);
    const text = cut(item.text, maxW - extra, s.width);
    if (text !== item.text) wasCut = true;
    rows.push({ ...item, top: y, text });
    w = Math.max(w, s.width(text) + extra);
    y += lineH;
  }
  return { rows, w: Math.ceil(w), h: Math.ceil(y + 2), cut: wasCut };
}

/**
 * Every line cut to a middling width (when that is narrower than the whole label), then the
 * first line alone, cut short ("…" after it when more follows), then the marker alone.
 */
function fallbacks(items: readonly StateItem[], whole: Layout, s: LabelSpace): Layout[] {
  const midW = Math.min(MID_W * s.k, s.stage.w - 4);
  const mid = whole.w > midW ? [layout(items, midW, s)] : [];
  const first = items.find((i): i is Extract<StateItem, { kind: 'line' }> => i.kind === 'line');
  const marker: StateItem = { kind: 'line', n: 0, text: MARKER, colour: '#33414f' };
  const short: Layout[] = [];
  if (first) {
    const more = items.length > 1 ? ' …' : '';
    const one = layout([{ ...first, text: first.text + more }], Math.min(SHORT_W * s.k, s.stage.w - 4), s);
    short.push({ ...one, cut: true });
  }
  return [...mid, ...short, { ...layout([marker], s.stage.w, s), cut: true }];
}

/** Spots for a w x h label beside `c`, best first, each moved inside the stage. */
function spots(c: Box, w: number, h: number, s: LabelSpace): Box[] {
  const right = c.x + c.w + GAP;
  const left = c.x - GAP - w;
  const raw = [
    { x: right, y: c.y }, { x: left, y: c.y },
    { x: right, y: c.y + c.h - h }, { x: left, y: c.y + c.h - h },
    { x: c.x, y: c.y - 16 * s.k - h }, { x: c.x, y: c.y + c.h + 4 },
  ];
  const clamp = (v: number, hi: number) => Math.max(MARGIN, Math.min(v, hi - MARGIN));
  return raw.map((p) => ({ x: clamp(p.x, s.stage.w - w), y: clamp(p.y, s.stage.h - h), w, h }));
}

/**
 * Places the labels in the order given, clear of `taken` (the columns and counts as drawn) and
 * of each other, inside the stage; a label with no room is left out.
 */
export function arrangeLabels(requests: readonly LabelRequest[], taken: readonly Box[], s: LabelSpace): PlacedLabel[] {
  const placed: Box[] = [...taken];
  const out: PlacedLabel[] = [];
  for (const r of requests) {
    const items = [...r.items].sort((a, b) => a.n - b.n);
    const full = items.flatMap((i) => (i.kind === 'line' ? [i.text] : []));
    if (items.length === 0) continue;
    const whole = layout(items, s.stage.w - 2 * MARGIN, s);
    for (const l of [whole, ...fallbacks(items, whole, s)]) {
      if (l.w + 2 * MARGIN > s.stage.w || l.h + 2 * MARGIN > s.stage.h) continue;
      const box = spots(r.column, l.w, l.h, s).find((b) => !placed.some((p) => intersects(b, p, MARGIN)));
      if (!box) continue;
      placed.push(box);
      const rows = l.rows.map((row) => ({ ...row, top: row.top + box.y }));
      out.push({ port: r.port, box, rows, full, cut: l.cut, anchor: r.anchor });
      break;
    }
  }
  return out;
}

/** The full text of the label under (x, y), lines joined by newlines; null: none there. */
export function labelAt(labels: readonly PlacedLabel[], x: number, y: number): string | null {
  const hit = labels.find((l) => x >= l.box.x && x <= l.box.x + l.box.w && y >= l.box.y && y <= l.box.y + l.box.h);
  return hit ? hit.full.join('\n') : null;
}
