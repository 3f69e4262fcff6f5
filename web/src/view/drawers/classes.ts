// Port drawers of the class and round-robin schedulers: what strict priority, RR, WRR and DRR
// export (the core's sched/classes/), by field name, drawn beside the queue column. Nothing
// about scheduling is computed here.
import type { StateFields } from '../../generated/registry';
import type { Unit } from '../../sim/types';
import { flowColour } from '../palette';
import { formatValue } from '../values';
import type { Drawer, Drawers } from './state';
import { line } from './text';

/** Round-robin queues listed beside the column; the rest are counted. */
const LISTED = 4;

/**
 * RR, WRR, DRR: the queues in round-robin order from the one in its turn, each with the colour
 * of the flow at its head and its counter (DRR: deficit in bytes; RR, WRR: packets left in
 * the turn); the queue in its turn is marked.
 */
function roundRobin<S extends 'rr' | 'wrr' | 'drr'>(title: string, counter: StateFields[S], unit: Unit): Drawer<S> {
  return (ctx, c, state) => {
    const heads = state.values('head flow');
    const counters = state.values(counter);
    if (heads.length === 0) return;
    const shown = Math.min(LISTED, heads.length);
    const more = heads.length > shown ? ` (+${heads.length - shown} more)` : '';
    for (let k = 0; k < shown; k++) {
      const value = counters[k];
      const text = `${k === 0 ? '▶ in turn' : `${k + 1}.`} ${counter} ${value === undefined ? '–' : formatValue(value, unit, 0)}`;
      line(c, k + 1, text, k === 0 ? '#1b2a3a' : '#4a5a6a', flowColour(heads[k] as number));
    }
    line(c, 0, `${title}${more}`, '#33414f');
  };
}

export const CLASS_DRAWERS: Drawers = {
  /** Strict priority: packets queued per class, class 0 (served first) first. */
  strict_priority: (ctx, c, state) => {
    const queued = state.values('queued per class');
    if (queued.length === 0) return;
    line(c, 0, `queued: ${queued.map((n, i) => `class ${i}: ${n}`).join(' · ')}`, '#33414f');
  },
  rr: roundRobin<'rr'>('RR turns', 'credit', 'packets'),
  wrr: roundRobin<'wrr'>('WRR turns', 'credit', 'packets'),
  drr: roundRobin<'drr'>('DRR turns', 'deficit', 'bytes'),
};
