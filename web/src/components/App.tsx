import { Suspense, useMemo } from 'react';
import { useAppState } from '../app/context';
import { Controls } from './Controls';
import { EditorToolbar } from './EditorToolbar';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { LessonHost } from './LessonHost';
import { ChangeBar } from './ChangeBar';
import { CompareStage, CompareToolbar, ComparisonGap, Loading, ReplayView, ResultsBoard, ShareBox, Tour } from './lazy';
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
  const runs = useMemo((): BoardRun[] => comparison?.runs.map((r) => ({
    label: r.label, colour: r.colour, dash: r.dash, summary: r.run.result.summary,
  })) ?? [], [comparison]);
  const classes = ['layout', wide ? 'wide-side' : '', comparison ? 'compare-layout' : ''].filter(Boolean).join(' ');
  return (
    <div className={`app${presentation ? ' presentation' : ''}`}>
      <Header />
      <ErrorBanner />
      {shared && <Suspense fallback={null}><ShareBox /></Suspense>}
      <ChangeBar />
      <main className={classes}>
        <section className="stage" aria-label="Network">
          {comparison ? <Suspense fallback={null}><CompareToolbar comparison={comparison} /></Suspense> : <EditorToolbar />}
          <Legend />
          {comparison ? <Suspense fallback={<Loading what="the comparison" />}><CompareStage comparison={comparison} /></Suspense> : (
            <div className={`views${split ? ' split' : ''}`} data-testid={split ? 'side-by-side' : undefined}>
              <TopologyPanel />
              {split && <Suspense fallback={<Loading what="the replay" />}><ReplayView /></Suspense>}
            </div>
          )}
          <Controls />
        </section>
        <SidePanel />
        {comparison && (
          <section className="compare-results" aria-label="Comparison results" data-testid="compare-results">
            <Suspense fallback={<Loading what="the charts" />}>
              <ComparisonGap />
              <ResultsBoard runs={runs} queues={{ endNs: comparison.endNs }} />
            </Suspense>
          </section>
        )}
      </main>
      <LessonHost />
      {tour && <Suspense fallback={null}><Tour /></Suspense>}
    </div>
  );
}
