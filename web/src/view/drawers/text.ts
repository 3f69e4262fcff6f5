// What the drawers write and draw beside or over a queue column: lines of text on the side
// with room (stateSide), badges over the "N queued" label, bars, and lines across the column at
// a queue length. Geometry only; the values come from the core's state.
import type { QueueColumn } from './state';

/** Lines beside the column, this far apart (at text size 1). */
const LINE = 13;
/** The state lines' font at text size `k`: 10 px at 1. */
export const stateFont = (k: number, weight = 600, px = 10): string => `${weight} ${Math.round(px * k)}px system-ui, sans-serif`;
/** The columns a queue is drawn in (the page draws up to three). */
export const COLUMNS = 3;

/** The width a port's state lines are given when their side is chosen (the longest line, about, at text size 1). */
export const STATE_W = 170;

/**
 * Where a port's state lines go: right of the queue's columns when STATE_W fits between them and
 * the canvas's right edge, else left of the columns when it fits there (a small compare panel),
 * else right. One side for every line of a port, so its lines stay together. `x` is the edge
 * the text starts from (right side) or ends at (left side).
 */
export function stateSide(ctx: CanvasRenderingContext2D, c: QueueColumn): { x: number; left: boolean } {
  const right = c.x + COLUMNS * (c.cellW + c.gap) + 6;
  const width = ctx.canvas.width / (ctx.getTransform().a || 1);
  const w = STATE_W * c.text;
  if (right + w <= width || c.x - 6 - w < 0) return { x: right, left: false };
  return { x: c.x - 6, left: true };
}

/**
 * A line of text beside the queue's columns (stateSide), `n` lines down from the top of the
 * column's area (which is always on the canvas), with an optional swatch.
 */
export function line(ctx: CanvasRenderingContext2D, c: QueueColumn, n: number, text: string, colour: string, swatch?: string): void {
  const side = stateSide(ctx, c);
  const k = c.text;
  const y = c.baseY - c.rows * (c.cellH + c.gap) + 10 * k + n * LINE * k;
  ctx.save();
  ctx.font = stateFont(k);
  ctx.textAlign = 'left';
  const w = ctx.measureText(text).width + 8 + (swatch ? 12 * k : 0);
  const left = side.left ? side.x - w + 2 : side.x;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(left - 2, y - 10 * k, w, 12 * k);
  if (swatch) {
    ctx.fillStyle = swatch;
    ctx.fillRect(left, y - 8 * k, 9 * k, 9 * k);
  }
  ctx.fillStyle = colour;
  ctx.fillText(text, (swatch ? left + 12 * k : left) + 2, y);
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

/** Bars of `counts`, `n` lines down beside the column (on its lines' side), `w` px wide in all. */
export function bars(ctx: CanvasRenderingContext2D, c: QueueColumn, n: number, counts: readonly number[], w: number): void {
  const max = Math.max(1, ...counts);
  const side = stateSide(ctx, c);
  const left = side.left ? side.x - w - 2 : side.x;
  const bottom = c.baseY - c.rows * (c.cellH + c.gap) + (10 + n * LINE + 14) * c.text;
  const h = 22 * c.text;
  const bw = w / Math.max(1, counts.length);
  ctx.save();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(left - 2, bottom - h - 2, w + 4, h + 4);
  ctx.fillStyle = '#5b7fa6';
  counts.forEach((v, i) => {
    const bh = (v / max) * h;
    ctx.fillRect(left + i * bw + 1, bottom - bh, bw - 2, bh);
  });
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
