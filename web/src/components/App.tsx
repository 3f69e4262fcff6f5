import { useEffect, useMemo } from 'react';
import { useAppState } from '../app/context';
import { Controls } from './Controls';
import { EditorToolbar } from './EditorToolbar';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { LessonHost } from './LessonHost';
import { warmParts, ChangeBar, CompareStage, CompareToolbar, ComparisonGap, ReplayView, ResultsBoard, ShareBox, Tour } from './lazy';
import { Part } from './Part';
import type { BoardRun } from './ResultsBoard';
import { SidePanel } from './SidePanel';
import { TopologyPanel } from './TopologyPanel';

export function App() {
  const wide = useAppState((s) => s.sideTab === 'traffic');
  const split = useAppState((s) => s.replay !== null);
  const comparison = useAppState((s) => (s.view === 'compare' ? s.comparison : null));
  const presentation = useAppState((s) => s.presentation);
  const tour = useAppState((s) => s.dialog === 'tour');
  const shared = useAppState((s) => s.shareLink !== null);
  // The change bar compares a run with the one before it: from the second run on.
  const changed = useAppState((s) => s.view === 'single' && s.before !== null);
  // A run after a run brings the change bar: its chunk is fetched while that run goes.
  const second = useAppState((s) => s.run !== null && s.runState === 'running');
  useEffect(() => {
    if (second) warmParts();
  }, [second]);
  const runs = useMemo((): BoardRun[] => comparison?.runs.map((r) => ({
    label: r.label, colour: r.colour, dash: r.dash, summary: r.run.result.summary,
  })) ?? [], [comparison]);
  const classes = ['layout', wide ? 'wide-side' : '', comparison ? 'compare-layout' : ''].filter(Boolean).join(' ');
  return (
    <div className={`app${presentation ? ' presentation' : ''}`}>
      <Header />
      <ErrorBanner />
      {shared && <Part what="the share link" fallback={null}><ShareBox /></Part>}
      {changed && <Part what="the change bar" fallback={null}><ChangeBar /></Part>}
      <main className={classes}>
        <section className="stage" aria-label="Network">
          {comparison ? <Part what="the comparison's toolbar" fallback={null}><CompareToolbar comparison={comparison} /></Part> : <EditorToolbar />}
          <Legend />
          {comparison ? <Part what="the comparison"><CompareStage comparison={comparison} /></Part> : (
            <div className={`views${split ? ' split' : ''}`} data-testid={split ? 'side-by-side' : undefined}>
              <TopologyPanel />
              {split && <Part what="the replay"><ReplayView /></Part>}
            </div>
          )}
          <Controls />
        </section>
        <SidePanel />
        {comparison && (
          <section className="compare-results" aria-label="Comparison results" data-testid="compare-results">
            <Part what="the charts">
              <ComparisonGap />
              <ResultsBoard runs={runs} queues={{ endNs: comparison.endNs }} />
            </Part>
          </section>
        )}
      </main>
      <LessonHost />
      {tour && <Part what="the tour" fallback={null}><Tour /></Part>}
    </div>
  );
}
