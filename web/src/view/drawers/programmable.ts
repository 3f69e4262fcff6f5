// Port drawers of the programmable family: what AIFO and SP-PIFO export (the core's
// sched/programmable/), and AFQ's calendar and PIEO's ordered list with eligibility, by field
// name, drawn beside the queue column; nothing about scheduling is computed here. PIFO needs no
// drawer: its queue is drawn in rank order with each rank.
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
  /**
   * AFQ: the round being served and BpR, the last arrival's bid and round (dropped when beyond
   * the N queues), and the calendar's queue lengths from the current round on, as bars.
   */
  afq: (ctx, c, state) => {
    const round = state.first('round');
    const bpr = state.first('bytes per round');
    if (round === undefined || bpr === undefined) return;
    line(c, 0, `AFQ: serving round ${round} · ${formatValue(bpr, 'bytes', 0)} per flow per round`, '#33414f');
    const bid = state.first('last bid');
    const r = state.first('last round');
    const ok = state.first('last arrival admitted');
    if (bid !== undefined && r !== undefined && ok !== undefined) {
      const verdict = ok === 1 ? `queued in round ${r}` : `round ${r} beyond the queues: dropped`;
      line(c, 1, `last bid ${formatValue(bid, 'bytes', 0)}: ${verdict}`, ok === 1 ? '#2f7d32' : '#b3261e');
    }
    const queues = state.values('queue lengths');
    if (queues.length > 0) {
      line(c, 2, `queues of rounds ${round} … ${round + queues.length - 1} (pkt)`, '#4a5a6a');
      bars(c, 3, queues, 96);
    }
  },
  /** PIEO: how many elements are eligible, the wait for the next, and the list's first ranks with their waits. */
  pieo: (ctx, c, state) => {
    const ranks = state.values('ranks');
    const eligible = state.first('eligible');
    if (eligible === undefined) return;
    line(c, 0, `PIEO: ${eligible} eligible · least eligible rank leaves`, '#33414f');
    const next = state.first('next eligible in');
    if (next !== undefined) line(c, 1, `next eligible in ${formatValue(next, 'ns', 0)}`, '#4a5a6a');
    const waits = state.values('eligible in');
    const shown = Math.min(LISTED, ranks.length);
    for (let i = 0; i < shown; i++) {
      const w = waits[i] ?? 0;
      const when = w === 0 ? 'eligible' : `in ${formatValue(w, 'ns', 0)}`;
      line(c, i + 2, `rank ${formatValue(ranks[i] ?? 0, 'rank', 0)} · ${when}`, w === 0 ? '#1b2a3a' : '#8a96a3');
    }
  },
};
