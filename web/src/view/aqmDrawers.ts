// Port drawers of the queue-management family (see portDrawers.ts): what CoDel, RED, LSTFCoDel
// and FQ-CoDel export, drawn at the queue. Each reads its state fields by the registry's order
// (the core's aqm/codel.rs, aqm/red.rs, sched/lstf_codel.rs, sched/fq_codel.rs) and computes
// nothing about scheduling.
import type { PortDrawer, PortState, QueueColumn } from './portDrawers';
import { DROP_COLOUR } from './palette';
import { formatValue } from './values';

/** The columns a queue is drawn in (as portDrawers.ts). */
const COLUMNS = 3;

function value(state: PortState, field: number): number | undefined {
  return state[field]?.[0];
}

/** A one-line badge over the queue column's "N queued" label; line 0 is the lowest. */
function badge(ctx: CanvasRenderingContext2D, c: QueueColumn, text: string, colour: string, line = 0): void {
  ctx.save();
  ctx.font = '600 10px system-ui, sans-serif';
  ctx.textAlign = 'left';
  const y = c.topY - 14 - line * 12;
  const w = ctx.measureText(text).width + 8;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(c.x - 2, y - 10, w, 12);
  ctx.fillStyle = colour;
  ctx.fillText(text, c.x + 2, y);
  ctx.restore();
}

/**
 * CoDel's state from field `at`: dropping, count, next drop, sojourn, target, ok-to-drop time.
 * Red while dropping (with count), amber while the sojourn is above target (the interval is
 * running), green below.
 */
function codelBadge(ctx: CanvasRenderingContext2D, c: QueueColumn, state: PortState, at: number, line: number): void {
  const dropping = value(state, at) === 1;
  const count = value(state, at + 1) ?? 0;
  const sojourn = value(state, at + 3);
  const target = value(state, at + 4);
  const waited = sojourn !== undefined && target !== undefined
    ? ` · waited ${formatValue(sojourn, 'ns', 0)} / ${formatValue(target, 'ns', 0)}`
    : '';
  if (dropping) badge(ctx, c, `CoDel dropping · count ${count}${waited}`, DROP_COLOUR, line);
  else if (value(state, at + 5) !== undefined) badge(ctx, c, `CoDel: above target${waited}`, '#a86b00', line);
  else badge(ctx, c, `CoDel: below target${waited}`, '#2a7d4f', line);
}

/** Where the boundary after `k` queued packets lies (cells fill a column bottom up, then the next). */
function level(c: QueueColumn, k: number): { x: number; y: number } | null {
  if (k < 0 || k > c.rows * COLUMNS) return null;
  const col = Math.min(COLUMNS - 1, Math.floor(k / c.rows));
  const within = k - col * c.rows;
  return { x: c.x + col * (c.cellW + c.gap), y: c.baseY - within * (c.cellH + c.gap) - c.gap / 2 };
}

function hline(ctx: CanvasRenderingContext2D, c: QueueColumn, k: number, label: string, colour: string, dash: number[]): void {
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
  ctx.font = '700 9px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#fff';
  ctx.strokeText(label, at.x - 6, at.y + 3);
  ctx.fillStyle = colour;
  ctx.fillText(label, at.x - 6, at.y + 3);
  ctx.restore();
}

/** RED (thresholds in packets): dashed lines at min_th and max_th, a solid one at the average. */
const red: PortDrawer = (ctx, c, state) => {
  const [avg, min, max] = [value(state, 0), value(state, 1), value(state, 2)];
  if (min !== undefined) hline(ctx, c, min, 'min', '#8a4baf', [4, 3]);
  if (max !== undefined) hline(ctx, c, max, 'max', '#8a4baf', [4, 3]);
  if (avg !== undefined) hline(ctx, c, avg, 'avg', '#2f4fc4', []);
  const p = value(state, 6);
  if (p !== undefined && p > 0) badge(ctx, c, `RED: mark probability ${formatValue(p, 'fraction', 0)}`, '#8a4baf');
};

/** LSTFCoDel: gamma (the average slack) over CoDel's badge; epsilon is on each packet. */
const lstfCodel: PortDrawer = (ctx, c, state) => {
  const gamma = value(state, 0);
  if (gamma !== undefined) badge(ctx, c, `gamma ${formatValue(gamma, 'ns', 0)}`, '#33414f', 1);
  codelBadge(ctx, c, state, 2, 0);
};

/** FQ-CoDel: how many queues are on each list, and how many are dropping. */
const fqCodel: PortDrawer = (ctx, c, state) => {
  const fresh = state[0]?.length ?? 0;
  const old = state[1]?.length ?? 0;
  const dropping = value(state, 3) ?? 0;
  badge(ctx, c, `new flows ${fresh} · old flows ${old}`, '#33414f', dropping > 0 ? 1 : 0);
  if (dropping > 0) badge(ctx, c, `${dropping} queue${dropping === 1 ? '' : 's'} dropping`, DROP_COLOUR, 0);
};

export const AQM_DRAWERS: Readonly<Record<string, PortDrawer>> = {
  codel: (ctx, c, state) => codelBadge(ctx, c, state, 0, 0),
  red,
  lstf_codel: lstfCodel,
  fq_codel: fqCodel,
};
