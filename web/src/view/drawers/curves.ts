// Port drawers of the service-curve family. Both export, per backlogged queue in queue order, the
// bytes it was served w_i and its curve (anchor x and y, knee x and y, slope m2 in bps): FSC's
// virtual curve over virtual time, with v^s first; SCED's deadline curve over real time, with
// the head deadlines first (the core's sched/curves/curve.rs). Drawn beside the queue column: a
// line per queue (served bytes; still in its burst on slope m1, or on m2) and the first queue's
// curve with the point it has reached (w_i on the curve). H-FSC exports its active leaves' virtual
// times, bytes served and real-time eligibility and deadline (as waits), drawn as a line per leaf.
// Nothing about scheduling is computed here.
import { formatValue } from '../values';
import type { Drawers, NamedState, QueueColumn } from './state';
import { figure, line, stateFont } from './text';

/** At most this many queues listed. */
const SHOWN = 3;
const PLOT_W = 150;
const PLOT_H = 70;

type CurveState = NamedState<'fsc'> | NamedState<'sced'>;

/** The x at which a two-piece curve (anchor, knee, m2 in bytes per ns) reaches y bytes. */
export function curveX(ax: number, ay: number, kx: number, ky: number, m2: number, y: number): number {
  if (y <= ay) return ax;
  if (y <= ky) return ky > ay ? ax + ((y - ay) / (ky - ay)) * (kx - ax) : kx;
  return kx + (y - ky) / m2;
}

/** A line per backlogged queue, then queue 1's curve; `curve` says what the curve is. */
function queues(ctx: CanvasRenderingContext2D, c: QueueColumn, state: CurveState, curve: string): void {
  const served = state.values('served');
  const kneeY = state.values('curve knee y');
  served.slice(0, SHOWN).forEach((w, i) => {
    const burst = w < (kneeY[i] ?? 0);
    line(c, 1 + i, `queue ${i + 1}: served ${formatValue(w, 'bytes', 0)}${burst ? ', in its burst (m1)' : ', on m2'}`, burst ? '#b5472a' : '#4a5a6a');
  });
  if (served.length > SHOWN) line(c, 1 + SHOWN, `+${served.length - SHOWN} more backlogged`, '#4a5a6a');
  plot(ctx, c, state, curve, 2 + SHOWN);
}

/** Queue 1's curve from its anchor, past its knee, with a dot where its served bytes are. */
function plot(ctx: CanvasRenderingContext2D, c: QueueColumn, state: CurveState, curve: string, row: number): void {
  const w = state.first('served');
  const ax = state.first('curve anchor x');
  const ay = state.first('curve anchor y');
  const kx = state.first('curve knee x');
  const ky = state.first('curve knee y');
  const m2bps = state.first('curve m2');
  if (w === undefined || ax === undefined || ay === undefined || kx === undefined || ky === undefined || m2bps === undefined || m2bps <= 0) return;
  const m2 = m2bps / 8e9;
  const wx = curveX(ax, ay, kx, ky, m2, w);
  const x1 = Math.max(wx, kx) + Math.max(kx - ax, (Math.max(wx, kx) - ax) * 0.25, 1);
  const y1 = ky + m2 * (x1 - kx);
  const caption = `queue 1's ${curve} (m2 ${formatValue(m2bps, 'bps', 0)}), dot: served`;
  ctx.save();
  ctx.font = stateFont(c.text, 400, 9);
  const width = Math.max(PLOT_W + 8, ctx.measureText(caption).width + 4);
  ctx.restore();
  figure(c, row, width, PLOT_H + 8 + 12 * c.text, (ctx, x, y) => {
    const left = x + 4;
    const top = y + 4;
    const px = (v: number) => left + ((v - ax) / (x1 - ax)) * PLOT_W;
    const py = (v: number) => top + PLOT_H - ((v - ay) / Math.max(y1 - ay, 1)) * PLOT_H;
    ctx.save();
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
    ctx.font = stateFont(c.text, 400, 9);
    ctx.textAlign = 'left';
    ctx.fillText(caption, left - 2, top + PLOT_H + 11 * c.text);
    ctx.restore();
  });
}

export const CURVE_DRAWERS: Drawers = {
  fsc: (ctx, c, state) => {
    const vs = state.first('system virtual time');
    if (vs === undefined) return;
    line(c, 0, `FSC: system virtual time v^s = ${formatValue(vs, 'ns', 0)}`, '#33414f');
    queues(ctx, c, state, 'virtual curve');
  },
  sced: (ctx, c, state) => {
    const n = state.values('head deadlines').length;
    line(c, 0, `SCED: ${n} queue${n === 1 ? '' : 's'} backlogged`, '#33414f');
    queues(ctx, c, state, 'deadline curve');
  },
  hfsc: (ctx, c, state) => {
    const last = state.first('last real-time');
    const how = last === undefined ? '' : ` · last packet by ${last === 1 ? 'real-time (least deadline)' : 'link-sharing (least v)'}`;
    line(c, 0, `H-FSC${how}`, '#33414f');
    const classes = state.values('classes');
    const vt = state.values('virtual times');
    const served = state.values('served');
    const rt = state.values('served real-time');
    const eligible = state.values('eligible in');
    const deadline = state.values('deadline in');
    classes.slice(0, SHOWN).forEach((k, i) => {
      const e = eligible[i] ?? -1;
      const timing = e < 0 ? '' : ` · RT ${formatValue(rt[i] ?? 0, 'bytes', 0)}, ${e === 0 ? 'eligible' : `eligible in ${formatValue(e, 'ns', 0)}`}, deadline in ${formatValue(deadline[i] ?? 0, 'ns', 0)}`;
      line(c, 1 + i, `class ${k}: v ${formatValue(vt[i] ?? 0, 'ns', 0)} · served ${formatValue(served[i] ?? 0, 'bytes', 0)}${timing}`, e === 0 ? '#b5472a' : '#4a5a6a');
    });
    if (classes.length > SHOWN) line(c, 1 + SHOWN, `+${classes.length - SHOWN} more active`, '#4a5a6a');
    const groups = state.values('group virtual times');
    if (groups.length > 0) line(c, 2 + SHOWN, `groups' v: ${groups.map((v) => formatValue(v, 'ns', 0)).join(', ')}`, '#4a5a6a');
  },
};
