// Port drawers of the class and round-robin schedulers (see portDrawers.ts): what strict
// priority, RR, WRR and DRR export, drawn over the queue column. Each reads its state fields by
// the registry's order (the core's sched/strict_priority.rs, sched/round_robin.rs) and computes
// nothing about scheduling.
import type { PortDrawer, PortState, QueueColumn } from './portDrawers';
import { flowColour } from './palette';
import { formatValue } from './values';
import type { Unit } from '../sim/types';

/** Round-robin queues listed beside the column; the rest are counted. */
const LISTED = 4;
const LINE = 13;
/** The columns a queue is drawn in (as portDrawers.ts). */
const COLUMNS = 3;

/** The width a port's state lines are given when their side is chosen (the longest line, about). */
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
  if (right + STATE_W <= width || c.x - 6 - STATE_W < 0) return { x: right, left: false };
  return { x: c.x - 6, left: true };
}

/**
 * A line of text beside the queue's columns (stateSide), `n` lines down from the top of the
 * column's area (which is always on the canvas), with an optional swatch.
 */
export function line(ctx: CanvasRenderingContext2D, c: QueueColumn, n: number, text: string, colour: string, swatch?: string): void {
  const side = stateSide(ctx, c);
  const y = c.baseY - c.rows * (c.cellH + c.gap) + 10 + n * LINE;
  ctx.save();
  ctx.font = '600 10px system-ui, sans-serif';
  ctx.textAlign = 'left';
  const w = ctx.measureText(text).width + 8 + (swatch ? 12 : 0);
  const left = side.left ? side.x - w + 2 : side.x;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(left - 2, y - 10, w, 12);
  if (swatch) {
    ctx.fillStyle = swatch;
    ctx.fillRect(left, y - 8, 9, 9);
  }
  ctx.fillStyle = colour;
  ctx.fillText(text, (swatch ? left + 12 : left) + 2, y);
  ctx.restore();
}

/**
 * RR, WRR, DRR: the queues in round-robin order from the one in its turn, each with the colour
 * of the flow at its head and its counter (DRR: deficit in bytes; RR, WRR: packets left in
 * the turn); the queue in its turn is marked.
 */
function roundRobin(title: string, counter: string, unit: Unit): PortDrawer {
  return (ctx: CanvasRenderingContext2D, c: QueueColumn, state: PortState) => {
    const heads = state[0] ?? [];
    const counters = state[1] ?? [];
    if (heads.length === 0) return;
    const shown = Math.min(LISTED, heads.length);
    const more = heads.length > shown ? ` (+${heads.length - shown} more)` : '';
    for (let k = 0; k < shown; k++) {
      const value = counters[k];
      const text = `${k === 0 ? '▶ in turn' : `${k + 1}.`} ${counter} ${value === undefined ? '–' : formatValue(value, unit, 0)}`;
      line(ctx, c, k + 1, text, k === 0 ? '#1b2a3a' : '#4a5a6a', flowColour(heads[k] as number));
    }
    line(ctx, c, 0, `${title}${more}`, '#33414f');
  };
}

/** Strict priority: packets queued per class, class 0 (served first) first. */
const strictPriority: PortDrawer = (ctx, c, state) => {
  const queued = state[0] ?? [];
  if (queued.length === 0) return;
  const text = queued.map((n, i) => `class ${i}: ${n}`).join(' · ');
  line(ctx, c, 0, `queued: ${text}`, '#33414f');
};

export const CLASS_DRAWERS: Readonly<Record<string, PortDrawer>> = {
  strict_priority: strictPriority,
  rr: roundRobin('RR turns', 'credit', 'packets'),
  wrr: roundRobin('WRR turns', 'credit', 'packets'),
  drr: roundRobin('DRR turns', 'deficit', 'bytes'),
};
