// Port drawers of the queue-management family: what CoDel, RED, LSTFCoDel and FQ-CoDel export
// (the core's sched/queue_management/), by field name, drawn at the queue. Nothing about
// scheduling is computed here.
import { DROP_COLOUR } from '../palette';
import { formatValue } from '../values';
import type { Drawers, NamedState, QueueColumn } from './state';
import { badge, hline } from './text';

/**
 * CoDel's state: dropping, count, sojourn against target, the ok-to-drop time. Red while
 * dropping (with count), amber while the sojourn is above target (the interval is running),
 * green below.
 */
function codelBadge(ctx: CanvasRenderingContext2D, c: QueueColumn, state: NamedState<'codel'> | NamedState<'lstf_codel'>, n: number): void {
  const dropping = state.first('dropping') === 1;
  const count = state.first('count') ?? 0;
  const sojourn = state.first('sojourn');
  const target = state.first('target');
  const waited = sojourn !== undefined && target !== undefined
    ? ` · waited ${formatValue(sojourn, 'ns', 0)} / ${formatValue(target, 'ns', 0)}`
    : '';
  if (dropping) badge(ctx, c, `CoDel dropping · count ${count}${waited}`, DROP_COLOUR, n);
  else if (state.first('ok to drop at') !== undefined) badge(ctx, c, `CoDel: above target${waited}`, '#a86b00', n);
  else badge(ctx, c, `CoDel: below target${waited}`, '#2a7d4f', n);
}

export const QUEUE_MANAGEMENT_DRAWERS: Drawers = {
  codel: (ctx, c, state) => codelBadge(ctx, c, state, 0),
  /** RED (thresholds in packets): dashed lines at min_th and max_th, a solid one at the average. */
  red: (ctx, c, state) => {
    const min = state.first('min threshold');
    const max = state.first('max threshold');
    const avg = state.first('average queue');
    if (min !== undefined) hline(ctx, c, min, 'min', '#8a4baf', [4, 3]);
    if (max !== undefined) hline(ctx, c, max, 'max', '#8a4baf', [4, 3]);
    if (avg !== undefined) hline(ctx, c, avg, 'avg', '#2f4fc4', []);
    const p = state.first('mark probability');
    if (p !== undefined && p > 0) badge(ctx, c, `RED: mark probability ${formatValue(p, 'fraction', 0)}`, '#8a4baf');
  },
  /** LSTFCoDel: gamma (the average slack) over CoDel's badge; epsilon is on each packet. */
  lstf_codel: (ctx, c, state) => {
    const gamma = state.first('gamma');
    if (gamma !== undefined) badge(ctx, c, `gamma ${formatValue(gamma, 'ns', 0)}`, '#33414f', 1);
    codelBadge(ctx, c, state, 0);
  },
  /** FQ-CoDel: how many queues are on each list, and how many are dropping. */
  fq_codel: (ctx, c, state) => {
    const fresh = state.values('new flows').length;
    const old = state.values('old flows').length;
    const dropping = state.first('dropping queues') ?? 0;
    badge(ctx, c, `new flows ${fresh} · old flows ${old}`, '#33414f', dropping > 0 ? 1 : 0);
    if (dropping > 0) badge(ctx, c, `${dropping} queue${dropping === 1 ? '' : 's'} dropping`, DROP_COLOUR, 0);
  },
};
