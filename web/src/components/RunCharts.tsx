import { Suspense, useMemo } from 'react';
import { useAppState } from '../app/context';
import { originalSchedulers } from '../sim/replay';
import { COMPARE_COLOURS } from '../view/palette';
import { Loading, ResultsBoard } from './lazy';
import type { BoardRun } from './ResultsBoard';

/** The results board of the single run, under its queue chart in the Results tab. */
export function RunCharts() {
  const summary = useAppState((s) => s.run?.result.summary ?? null);
  const runs = useMemo((): BoardRun[] => (summary
    ? [{ label: originalSchedulers(summary), colour: COMPARE_COLOURS[0], dash: '', summary }]
    : []), [summary]);
  if (runs.length === 0) return null;
  return (
    <section className="panel run-charts" aria-label="Charts of the run">
      <h2>Charts</h2>
      <Suspense fallback={<Loading what="the charts" />}><ResultsBoard runs={runs} /></Suspense>
    </section>
  );
}
