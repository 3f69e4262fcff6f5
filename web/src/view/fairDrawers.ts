// Port drawers of the timestamp family (see portDrawers.ts): WFQ, SCFQ, STFQ and WF2Q+ export
// their system virtual time V and their queue heads' start and finish tags (the core's
// sched/wfq.rs `tag_state`); each queued packet already shows its finish (STFQ: start) tag.
// Drawn beside the queue column; nothing about scheduling is computed here.
import { line } from './classDrawers';
import type { PortDrawer } from './portDrawers';
import { formatValue } from './values';

/** V (bits per unit weight, shown as bytes per unit weight) and how many queues are backlogged. */
function virtualTime(name: string): PortDrawer {
  return (ctx, c, state) => {
    const v = state[0]?.[0];
    if (v === undefined) return;
    const heads = state[1]?.length ?? 0;
    line(ctx, c, 0, `${name}: virtual time V = ${formatValue(v, 'millibits', 0)}/weight`, '#33414f');
    line(ctx, c, 1, `${heads} queue${heads === 1 ? '' : 's'} backlogged`, '#4a5a6a');
  };
}

export const FAIR_DRAWERS: Readonly<Record<string, PortDrawer>> = {
  wfq: virtualTime('WFQ'),
  scfq: virtualTime('SCFQ'),
  stfq: virtualTime('STFQ'),
  wf2q_plus: virtualTime('WF2Q+'),
};
