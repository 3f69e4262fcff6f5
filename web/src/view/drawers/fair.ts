// Port drawers of the timestamp family: WFQ, SCFQ, STFQ and WF2Q+ export their system virtual
// time V and their queue heads' start and finish tags (the core's sched/fair/, parts/tagged.rs);
// each queued packet already shows its finish (STFQ: start) tag. Drawn beside the queue column;
// nothing about scheduling is computed here.
import { formatValue } from '../values';
import type { Drawer, Drawers } from './state';
import { line } from './text';

/** V (bits per unit weight, shown as bytes per unit weight) and how many queues are backlogged. */
function virtualTime<S extends 'wfq' | 'scfq' | 'stfq' | 'wf2q_plus'>(name: string): Drawer<S> {
  return (ctx, c, state) => {
    const v = state.first('virtual time');
    if (v === undefined) return;
    const heads = state.values('head start tags').length;
    line(c, 0, `${name}: virtual time V = ${formatValue(v, 'millibits', 0)}/weight`, '#33414f');
    line(c, 1, `${heads} queue${heads === 1 ? '' : 's'} backlogged`, '#4a5a6a');
  };
}

export const FAIR_DRAWERS: Drawers = {
  wfq: virtualTime<'wfq'>('WFQ'),
  scfq: virtualTime<'scfq'>('SCFQ'),
  stfq: virtualTime<'stfq'>('STFQ'),
  wf2q_plus: virtualTime<'wf2q_plus'>('WF2Q+'),
};
