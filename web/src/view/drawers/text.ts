// What the drawers write and draw beside or over a queue column: a state label of lines and
// small figures (bars), which the page places clear of the other ports' (view/stateArrange.ts),
// badges over the "N queued" label, and lines across the column at a queue length. Geometry
// only; the values come from the core's state.
import type { QueueColumn } from './state';

/** A state label's lines, this far apart (at text size 1). */
export const LINE = 13;
/** The state lines' font at text size `k`: 10 px at 1. */
export const stateFont = (k: number, weight = 600, px = 10): string => `${weight} ${Math.round(px * k)}px system-ui, sans-serif`;
/** The columns a queue is drawn in (the page draws up to three). */
export const COLUMNS = 3;

/** Line `n` of the port's state label (lines and figures go in the order of their `n`). */
export function line(c: QueueColumn, n: number, text: string, colour: string, swatch?: string): void {
  c.label.push(swatch === undefined ? { kind: 'line', n, text, colour } : { kind: 'line', n, text, colour, swatch });
}

/** A figure `w` x `h` px in the port's state label at row `n`, drawn from its top-left corner. */
export function figure(c: QueueColumn, n: number, w: number, h: number, draw: (ctx: CanvasRenderingContext2D, left: number, top: number) => void): void {
  c.label.push({ kind: 'figure', n, w, h, draw });
}

/** Bars of `counts` at row `n` of the port's state label, `w` px wide in all. */
export function bars(c: QueueColumn, n: number, counts: readonly number[], w: number): void {
  const max = Math.max(1, ...counts);
  const h = 22 * c.text;
  figure(c, n, w + 4, h + 4, (ctx, left, top) => {
    const bw = w / Math.max(1, counts.length);
    const bottom = top + 2 + h;
    ctx.fillStyle = '#5b7fa6';
    counts.forEach((v, i) => {
      const bh = (v / max) * h;
      ctx.fillRect(left + 2 + i * bw + 1, bottom - bh, bw - 2, bh);
    });
  });
}

/** A state label where stateArrange placed it: its box, and its rows at their tops. */
export interface LabelToDraw {
  readonly box: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  /** Its column's top: a label placed away from it is tied to it by a thin line. */
  readonly anchor: { readonly x: number; readonly y: number };
  readonly rows: readonly (
    | { readonly kind: 'line'; readonly top: number; readonly text: string; readonly colour: string; readonly swatch?: string }
    | { readonly kind: 'figure'; readonly top: number; readonly draw: (ctx: CanvasRenderingContext2D, left: number, top: number) => void }
  )[];
}

/** Draws a placed state label: a light box, then its lines (font at text size `k`) and figures. */
export function drawLabel(ctx: CanvasRenderingContext2D, label: LabelToDraw, k: number): void {
  const { box, anchor } = label;
  ctx.save();
  const near = { x: Math.max(box.x, Math.min(anchor.x, box.x + box.w)), y: Math.max(box.y, Math.min(anchor.y, box.y + box.h)) };
  if (Math.hypot(near.x - anchor.x, near.y - anchor.y) > 12 * k) {
    ctx.strokeStyle = 'rgba(51, 65, 79, 0.55)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(near.x, near.y);
    ctx.lineTo(anchor.x, anchor.y);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.88)';
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.font = stateFont(k);
  ctx.textAlign = 'left';
  for (const row of label.rows) {
    if (row.kind === 'figure') {
      row.draw(ctx, box.x + 2, row.top);
      continue;
    }
    let x = box.x + 4;
    if (row.swatch) {
      ctx.fillStyle = row.swatch;
      ctx.fillRect(x, row.top + 2 * k, 9 * k, 9 * k);
      x += 12 * k;
    }
    ctx.fillStyle = row.colour;
    ctx.fillText(row.text, x, row.top + 10 * k);
  }
  ctx.restore();
}

/** A one-line badge over the queue column's "N queued" label; line 0 is the lowest. */
export function badge(ctx: CanvasRenderingContext2D, c: QueueColumn, text: string, colour: string, n = 0): void {
  const k = c.text;
  ctx.save();
  ctx.font = stateFont(k);
  ctx.textAlign = 'left';
  const y = c.topY - 14 * k - n * 12 * k;
  const w = ctx.measureText(text).width + 8;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(c.x - 2, y - 10 * k, w, 12 * k);
  ctx.fillStyle = colour;
  ctx.fillText(text, c.x + 2, y);
  ctx.restore();
}

/** Where the boundary after `k` queued packets lies (cells fill a column bottom up, then the next). */
function level(c: QueueColumn, k: number): { x: number; y: number } | null {
  if (k < 0 || k > c.rows * COLUMNS) return null;
  const col = Math.min(COLUMNS - 1, Math.floor(k / c.rows));
  const within = k - col * c.rows;
  return { x: c.x + col * (c.cellW + c.gap), y: c.baseY - within * (c.cellH + c.gap) - c.gap / 2 };
}

/** A line across the column at `k` queued packets, labelled on its left. */
export function hline(ctx: CanvasRenderingContext2D, c: QueueColumn, k: number, label: string, colour: string, dash: number[]): void {
  const at = level(c, k);
  if (!at) return;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(at.x - 4, at.y);
  ctx.lineTo(at.x + c.cellW + 4, at.y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = stateFont(c.text, 700, 9);
  ctx.textAlign = 'right';
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#fff';
  ctx.strokeText(label, at.x - 6, at.y + 3);
  ctx.fillStyle = colour;
  ctx.fillText(label, at.x - 6, at.y + 3);
  ctx.restore();
}
