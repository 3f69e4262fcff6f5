// Port drawers of the programmable family: what AIFO and SP-PIFO export (the core's
// sched/programmable/), by field name, drawn beside the queue column; nothing about scheduling
// is computed here. PIFO needs no drawer: its queue is drawn in rank order with each rank.
import { formatValue } from '../values';
import type { Drawers } from './state';
import { bars, line } from './text';

/** SP-PIFO queues listed beside the column; the rest are counted. */
const LISTED = 8;

export const PROGRAMMABLE_DRAWERS: Drawers = {
  /**
   * AIFO: c against C, the quantile threshold (1/(1-k))(C-c)/C, the last arrival's quantile and
   * verdict, and the window's ranks as a histogram between its least and greatest rank.
   */
  aifo: (ctx, c, state) => {
    const cNow = state.first('c');
    const cTarget = state.first('C');
    if (cNow === undefined || cTarget === undefined) return;
    line(c, 0, `AIFO: c = ${cNow} of C = ${cTarget}`, '#33414f');
    const t = state.first('quantile threshold');
    line(c, 1, `admit quantile ≤ ${t === undefined ? '–' : formatValue(t, 'fraction', 0)}`, '#33414f');
    const q = state.first('last arrival quantile');
    const ok = state.first('last arrival admitted');
    if (q !== undefined && ok !== undefined) {
      const verdict = ok === 1 ? 'admitted' : 'refused';
      line(c, 2, `last arrival q = ${formatValue(q, 'fraction', 0)}: ${verdict}`, ok === 1 ? '#2f7d32' : '#b3261e');
    }
    const window = state.values('window');
    if (window.length > 0) {
      line(c, 3, `window ranks ${state.first('window least rank') ?? '–'} … ${state.first('window greatest rank') ?? '–'}`, '#4a5a6a');
      bars(c, 4, window, 96);
    }
  },
  /** SP-PIFO: each strict-priority queue's rank bound and packets, queue 0 (served first) first. */
  sp_pifo: (ctx, c, state) => {
    const bounds = state.values('bounds');
    const queued = state.values('queue lengths');
    if (bounds.length === 0) return;
    const shown = Math.min(LISTED, bounds.length);
    const more = bounds.length > shown ? ` (+${bounds.length - shown} more)` : '';
    line(c, 0, `SP-PIFO bounds${more}`, '#33414f');
    for (let i = 0; i < shown; i++) {
      line(c, i + 1, `q${i}: bound ${bounds[i] ?? '–'} · ${queued[i] ?? 0} pkt`, i === 0 ? '#1b2a3a' : '#4a5a6a');
    }
  },
};
