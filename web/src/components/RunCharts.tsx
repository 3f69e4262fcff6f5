import { useMemo } from 'react';
import { useAppState } from '../app/context';
import { displayName } from '../scenario/registry';
import { originalSchedulers } from '../sim/replayNames';
import { COMPARE_COLOURS } from '../view/palette';
import { MAX_FLOW_ROWS, groupFlows } from '../view/flowGroups';
import { ResultsBoard } from './lazy';
import { Part } from './Part';
import type { BoardRun } from './ResultsBoard';

/** The results board of the single run, under its queue chart in the Results tab. */
export function RunCharts() {
  const summary = useAppState((s) => s.run?.result.summary ?? null);
  const registry = useAppState((s) => s.schedulers);
  const runs = useMemo((): BoardRun[] => (summary
    ? [{ label: originalSchedulers(summary, (id) => displayName(registry, id)), colour: COMPARE_COLOURS[0], dash: '', summary }]
    : []), [summary, registry]);
  const by = useAppState((s) => s.groupBy);
  const groups = useMemo(() => (summary && summary.flows.length > MAX_FLOW_ROWS ? groupFlows(summary, by) : null), [summary, by]);
  if (runs.length === 0) return null;
  return (
    <section className="panel run-charts" aria-label="Charts of the run">
      <h2>Charts</h2>
      <Part what="the charts"><ResultsBoard runs={runs} groups={groups} /></Part>
    </section>
  );
}
