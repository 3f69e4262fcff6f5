import { useAppState } from '../app/context';
import { Controls } from './Controls';
import { EditorToolbar } from './EditorToolbar';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { ShareBox } from './ShareBox';
import { SidePanel } from './SidePanel';
import { TopologyPanel } from './TopologyPanel';

export function App() {
  const wide = useAppState((s) => s.sideTab === 'traffic');
  return (
    <div className="app">
      <Header />
      <ErrorBanner />
      <ShareBox />
      <main className={`layout${wide ? ' wide-side' : ''}`}>
        <section className="stage" aria-label="Network">
          <EditorToolbar />
          <Legend />
          <TopologyPanel />
          <Controls />
        </section>
        <SidePanel />
      </main>
    </div>
  );
}
