import { Suspense, type ReactNode } from 'react';
import { useAppState, useController } from '../app/context';
import { setSideTab, type SideTab } from '../store/appState';
import { ChartPanel, CompareTab, SweepTab, FollowPanel, Inspector, Loading, MiddleboxPanel, ReplayTab, TrafficPanel } from './lazy';
import { RunCharts } from './RunCharts';
import { ClaimsCard } from './ClaimsCard';
import { RunInfo } from './RunInfo';

const TABS: readonly { tab: SideTab; label: string }[] = [
  { tab: 'results', label: 'Results' },
  { tab: 'inspect', label: 'Inspector' },
  { tab: 'traffic', label: 'Traffic' },
  { tab: 'packet', label: 'Packet' },
  { tab: 'replay', label: 'Replay' },
  { tab: 'compare', label: 'Compare' },
  { tab: 'sweep', label: 'Sweep' },
];

/** Tabs beside the drawing. Every tab stays mounted (hidden), so the chart keeps its data. */
export function SidePanel() {
  const { store } = useController();
  const active = useAppState((s) => s.sideTab);
  const pane = (tab: SideTab, children: ReactNode) => (
    <div role="tabpanel" id={`pane-${tab}`} aria-labelledby={`tab-${tab}`} hidden={active !== tab} className={`pane pane-${tab}`}>
      {children}
    </div>
  );
  return (
    <aside className="side" aria-label="Details">
      <div role="tablist" className="tabs">
        {TABS.map((t) => (
          <button type="button" role="tab" key={t.tab} id={`tab-${t.tab}`} data-testid={`tab-${t.tab}`}
            aria-selected={active === t.tab} aria-controls={`pane-${t.tab}`} onClick={() => store.dispatch(setSideTab(t.tab))}>
            {t.label}
          </button>
        ))}
      </div>
      {pane('results', <><RunInfo /><ClaimsCard /><Suspense fallback={<Loading what="the charts" />}><MiddleboxPanel /><ChartPanel /></Suspense><RunCharts /></>)}
      {pane('inspect', <Suspense fallback={<Loading what="the Inspector" />}><Inspector /></Suspense>)}
      {pane('traffic', <Suspense fallback={<Loading what="the Traffic editor" />}><TrafficPanel /></Suspense>)}
      {pane('packet', <Suspense fallback={<Loading what="the Packet tab" />}><FollowPanel /></Suspense>)}
      {pane('replay', <Suspense fallback={<Loading what="the Replay tab" />}><ReplayTab /></Suspense>)}
      {pane('compare', <Suspense fallback={<Loading what="the Compare tab" />}><CompareTab /></Suspense>)}
      {pane('sweep', <Suspense fallback={<Loading what="the Sweep tab" />}><SweepTab /></Suspense>)}
    </aside>
  );
}
