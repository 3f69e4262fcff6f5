import { useAppState } from '../app/context';
import { Controls } from './Controls';
import { EditorToolbar } from './EditorToolbar';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { ShareBox } from './ShareBox';
import { SidePanel } from './SidePanel';
import { ReplayView } from './ReplayView';
import { TopologyPanel } from './TopologyPanel';

export function App() {
  const wide = useAppState((s) => s.sideTab === 'traffic');
  const split = useAppState((s) => s.replay !== null);
  return (
    <div className="app">
      <Header />
      <ErrorBanner />
      <ShareBox />
      <main className={`layout${wide ? ' wide-side' : ''}`}>
        <section className="stage" aria-label="Network">
          <EditorToolbar />
          <Legend />
          <div className={`views${split ? ' split' : ''}`} data-testid={split ? 'side-by-side' : undefined}>
            <TopologyPanel />
            {split && <ReplayView />}
          </div>
          <Controls />
        </section>
        <SidePanel />
      </main>
    </div>
  );
}
