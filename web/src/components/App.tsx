import { useMemo } from 'react';
import { useAppState } from '../app/context';
import { CompareStage } from './CompareStage';
import { CompareToolbar } from './CompareToolbar';
import { Controls } from './Controls';
import { EditorToolbar } from './EditorToolbar';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { ResultsBoard, type BoardRun } from './ResultsBoard';
import { ShareBox } from './ShareBox';
import { SidePanel } from './SidePanel';
import { ReplayView } from './ReplayView';
import { TopologyPanel } from './TopologyPanel';
import { Tour } from './Tour';

export function App() {
  const wide = useAppState((s) => s.sideTab === 'traffic');
  const split = useAppState((s) => s.replay !== null);
  const comparison = useAppState((s) => (s.view === 'compare' ? s.comparison : null));
  const presentation = useAppState((s) => s.presentation);
  const tour = useAppState((s) => s.dialog === 'tour');
  const runs = useMemo((): BoardRun[] => comparison?.runs.map((r) => ({
    label: r.label, colour: r.colour, dash: r.dash, summary: r.run.result.summary,
  })) ?? [], [comparison]);
  const classes = ['layout', wide ? 'wide-side' : '', comparison ? 'compare-layout' : ''].filter(Boolean).join(' ');
  return (
    <div className={`app${presentation ? ' presentation' : ''}`}>
      <Header />
      <ErrorBanner />
      <ShareBox />
      <main className={classes}>
        <section className="stage" aria-label="Network">
          {comparison ? <CompareToolbar comparison={comparison} /> : <EditorToolbar />}
          <Legend />
          {comparison ? <CompareStage comparison={comparison} /> : (
            <div className={`views${split ? ' split' : ''}`} data-testid={split ? 'side-by-side' : undefined}>
              <TopologyPanel />
              {split && <ReplayView />}
            </div>
          )}
          <Controls />
        </section>
        <SidePanel />
        {comparison && (
          <section className="compare-results" aria-label="Comparison results" data-testid="compare-results">
            <ResultsBoard runs={runs} queues={{ endNs: comparison.endNs }} />
          </section>
        )}
      </main>
      {tour && <Tour />}
    </div>
  );
}
