// Port drawers of the service-curve family (see portDrawers.ts). Both export, per backlogged
// queue in queue order, the bytes it was served w_i and its curve (anchor x and y, knee x and y,
// slope m2 in bps): FSC's virtual curve over virtual time, with v^s and each v_i first; SCED's
// deadline curve over real time, with the head deadlines first (the core's
// sched/registry/curves.rs). Drawn beside the queue column: a line per queue (served bytes; still
// in its burst on slope m1, or on m2) and the first queue's curve with the point it has reached
// (w_i on the curve). Nothing about scheduling is computed here.
import { line } from './classDrawers';
import type { PortDrawer, PortState, QueueColumn } from './portDrawers';
import { formatValue } from './values';

/** At most this many queues listed. */
const SHOWN = 3;
const PLOT_W = 150;
const PLOT_H = 70;

/** Field indices of the per-queue curve fields, from `served` on. */
interface Fields {
  readonly served: number;
  /** What the curve is: "virtual curve" (FSC) or "deadline curve" (SCED). */
  readonly curve: string;
}

/** The x at which a two-piece curve (anchor, knee, m2 in bytes per ns) reaches y bytes. */
export function curveX(ax: number, ay: number, kx: number, ky: number, m2: number, y: number): number {
  if (y <= ay) return ax;
  if (y <= ky) return ky > ay ? ax + ((y - ay) / (ky - ay)) * (kx - ax) : kx;
  return kx + (y - ky) / m2;
}

function queues(ctx: CanvasRenderingContext2D, c: QueueColumn, state: PortState, f: Fields): void {
  const served = state[f.served] ?? [];
  const kneeY = state[f.served + 4] ?? [];
  served.slice(0, SHOWN).forEach((w, i) => {
    const burst = w < (kneeY[i] ?? 0);
    line(ctx, c, 1 + i, `queue ${i + 1}: served ${formatValue(w, 'bytes', 0)}${burst ? ', in its burst (m1)' : ', on m2'}`, burst ? '#b5472a' : '#4a5a6a');
  });
  if (served.length > SHOWN) line(ctx, c, 1 + SHOWN, `+${served.length - SHOWN} more backlogged`, '#4a5a6a');
  plot(ctx, c, state, f, 2 + SHOWN);
}

/** Queue 1's curve from its anchor, past its knee, with a dot where its served bytes are. */
function plot(ctx: CanvasRenderingContext2D, c: QueueColumn, state: PortState, f: Fields, row: number): void {
  const at = (k: number) => state[f.served + k]?.[0];
  const [w, ax, ay, kx, ky, m2bps] = [at(0), at(1), at(2), at(3), at(4), at(5)];
  if (w === undefined || ax === undefined || ay === undefined || kx === undefined || ky === undefined || m2bps === undefined || m2bps <= 0) return;
  const m2 = m2bps / 8e9;
  const wx = curveX(ax, ay, kx, ky, m2, w);
  const x1 = Math.max(wx, kx) + Math.max(kx - ax, (Math.max(wx, kx) - ax) * 0.25, 1);
  const y1 = ky + m2 * (x1 - kx);
  const left = c.x + 3 * (c.cellW + c.gap) + 8;
  const top = c.baseY - c.rows * (c.cellH + c.gap) + row * 14;
  const px = (x: number) => left + ((x - ax) / (x1 - ax)) * PLOT_W;
  const py = (y: number) => top + PLOT_H - ((y - ay) / Math.max(y1 - ay, 1)) * PLOT_H;
  ctx.save();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(left - 4, top - 4, PLOT_W + 8, PLOT_H + 18);
  ctx.strokeStyle = '#b9c3cc';
  ctx.lineWidth = 1;
  ctx.strokeRect(left, top, PLOT_W, PLOT_H);
  ctx.strokeStyle = '#33414f';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(px(ax), py(ay));
  ctx.lineTo(px(kx), py(ky));
  ctx.lineTo(px(x1), py(y1));
  ctx.stroke();
  ctx.fillStyle = '#b5472a';
  ctx.beginPath();
  ctx.arc(px(wx), py(w), 3.5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#4a5a6a';
  ctx.font = '9px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`queue 1's ${f.curve} (m2 ${formatValue(m2bps, 'bps', 0)}), dot: served`, left - 2, top + PLOT_H + 11);
  ctx.restore();
}

const fsc: PortDrawer = (ctx, c, state) => {
  const vs = state[0]?.[0];
  if (vs === undefined) return;
  line(ctx, c, 0, `FSC: system virtual time v^s = ${formatValue(vs, 'ns', 0)}`, '#33414f');
  queues(ctx, c, state, { served: 2, curve: 'virtual curve' });
};

const sced: PortDrawer = (ctx, c, state) => {
  const n = state[0]?.length ?? 0;
  line(ctx, c, 0, `SCED: ${n} queue${n === 1 ? '' : 's'} backlogged`, '#33414f');
  queues(ctx, c, state, { served: 1, curve: 'deadline curve' });
};

export const CURVE_DRAWERS: Readonly<Record<string, PortDrawer>> = { fsc, sced };
