// Port drawers of the programmable family (see portDrawers.ts): what AIFO and SP-PIFO export,
// drawn beside the queue column. Each reads its state fields by the registry's order (the
// core's sched/aifo.rs, sched/sp_pifo.rs; registry/programmable.rs) and computes nothing about
// scheduling. PIFO needs no drawer: its queue is drawn in rank order with each packet's rank.
import { line, stateSide } from './classDrawers';
import type { PortDrawer, QueueColumn } from './portDrawers';
import { formatValue } from './values';

/** SP-PIFO queues listed beside the column; the rest are counted. */
const LISTED = 8;

/** A value of a scalar field, or undefined. */
function scalar(field: readonly number[] | null | undefined): number | undefined {
  return field?.[0];
}

/** Bars of `counts`, `n` lines down beside the column (on its lines' side), `w` px wide in all. */
function bars(ctx: CanvasRenderingContext2D, c: QueueColumn, n: number, counts: readonly number[], w: number): void {
  const max = Math.max(1, ...counts);
  const side = stateSide(ctx, c);
  const left = side.left ? side.x - w - 2 : side.x;
  const bottom = c.baseY - c.rows * (c.cellH + c.gap) + 10 + n * 13 + 14;
  const h = 22;
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

/**
 * AIFO: c against C, the quantile threshold (1/(1-k))(C-c)/C, the last arrival's quantile and
 * verdict, and the window's ranks as a histogram between its least and greatest rank.
 */
const aifo: PortDrawer = (ctx, c, state) => {
  const [window, lo, hi, threshold, queued, target, lastQ, lastAdmitted] = state;
  const cNow = scalar(queued);
  const cTarget = scalar(target);
  if (cNow === undefined || cTarget === undefined) return;
  line(ctx, c, 0, `AIFO: c = ${cNow} of C = ${cTarget}`, '#33414f');
  const t = scalar(threshold);
  line(ctx, c, 1, `admit quantile ≤ ${t === undefined ? '–' : formatValue(t, 'fraction', 0)}`, '#33414f');
  const q = scalar(lastQ);
  const ok = scalar(lastAdmitted);
  if (q !== undefined && ok !== undefined) {
    const verdict = ok === 1 ? 'admitted' : 'refused';
    line(ctx, c, 2, `last arrival q = ${formatValue(q, 'fraction', 0)}: ${verdict}`, ok === 1 ? '#2f7d32' : '#b3261e');
  }
  if (window && window.length > 0) {
    const l = scalar(lo);
    const h = scalar(hi);
    line(ctx, c, 3, `window ranks ${l ?? '–'} … ${h ?? '–'}`, '#4a5a6a');
    bars(ctx, c, 4, window, 96);
  }
};

/** SP-PIFO: each strict-priority queue's rank bound and packets, queue 0 (served first) first. */
const spPifo: PortDrawer = (ctx, c, state) => {
  const bounds = state[0] ?? [];
  const queued = state[1] ?? [];
  if (bounds.length === 0) return;
  const shown = Math.min(LISTED, bounds.length);
  const more = bounds.length > shown ? ` (+${bounds.length - shown} more)` : '';
  line(ctx, c, 0, `SP-PIFO bounds${more}`, '#33414f');
  for (let i = 0; i < shown; i++) {
    line(ctx, c, i + 1, `q${i}: bound ${bounds[i] ?? '–'} · ${queued[i] ?? 0} pkt`, i === 0 ? '#1b2a3a' : '#4a5a6a');
  }
};

export const PROGRAMMABLE_DRAWERS: Readonly<Record<string, PortDrawer>> = { aifo, sp_pifo: spPifo };
