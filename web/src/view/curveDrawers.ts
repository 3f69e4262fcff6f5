// Port drawers of the service-curve family (see portDrawers.ts): FSC exports its system virtual
// time v^s and, per backlogged queue, its virtual time v_i, the bytes it was served w_i and its
// virtual curve's anchor and knee; SCED the same per queue with head deadlines instead of v_i
// (the core's sched/registry/curves.rs). A queue whose v_i (FSC) is before its curve's knee is
// still in its burst, served at slope m1. Drawn beside the queue column; nothing about
// scheduling is computed here.
import { line } from './classDrawers';
import type { PortDrawer, PortState } from './portDrawers';
import { formatValue } from './values';

/** At most this many queues listed. */
const SHOWN = 3;

/** One line per backlogged queue: served bytes and whether it is still on its first slope. */
function queues(ctx: CanvasRenderingContext2D, c: Parameters<PortDrawer>[1], state: PortState, first: number, x: (i: number) => number | undefined): void {
  const served = state[first] ?? [];
  const knees = state[first + 3] ?? [];
  served.slice(0, SHOWN).forEach((w, i) => {
    const knee = knees[i];
    const xi = x(i);
    const burst = knee !== undefined && xi !== undefined && xi < knee;
    line(ctx, c, 1 + i, `queue ${i + 1}: served ${formatValue(w, 'bytes', 0)}${burst ? ', in its burst (m1)' : ', on m2'}`, burst ? '#b5472a' : '#4a5a6a');
  });
  if (served.length > SHOWN) line(ctx, c, 1 + SHOWN, `+${served.length - SHOWN} more backlogged`, '#4a5a6a');
}

const fsc: PortDrawer = (ctx, c, state) => {
  const vs = state[0]?.[0];
  if (vs === undefined) return;
  line(ctx, c, 0, `FSC: system virtual time v^s = ${formatValue(vs, 'ns', 0)}`, '#33414f');
  queues(ctx, c, state, 2, (i) => state[1]?.[i]);
};

const sced: PortDrawer = (ctx, c, state) => {
  const n = state[0]?.length ?? 0;
  line(ctx, c, 0, `SCED: ${n} queue${n === 1 ? '' : 's'} backlogged`, '#33414f');
  // A deadline curve's first slope runs until its knee in real time: the head deadline shows
  // whether the head is still inside it.
  queues(ctx, c, state, 1, (i) => state[0]?.[i]);
};

export const CURVE_DRAWERS: Readonly<Record<string, PortDrawer>> = { fsc, sced };
