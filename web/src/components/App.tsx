import { ChartPanel } from './ChartPanel';
import { Controls } from './Controls';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { Legend } from './Legend';
import { RunInfo } from './RunInfo';
import { ShareBox } from './ShareBox';
import { TopologyPanel } from './TopologyPanel';

export function App() {
  return (
    <div className="app">
      <Header />
      <ErrorBanner />
      <ShareBox />
      <main className="layout">
        <section className="stage" aria-label="Animation">
          <Legend />
          <TopologyPanel />
          <Controls />
        </section>
        <aside className="side">
          <RunInfo />
          <ChartPanel />
        </aside>
      </main>
    </div>
  );
}
