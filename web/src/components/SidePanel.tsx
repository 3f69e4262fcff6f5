import { useEffect, useState, type ReactNode } from 'react';
import { useAppState, useController } from '../app/context';
import { setSideTab, type SideTab } from '../store/appState';
import { warmParts, ChartPanel, ClaimsCard, CompareTab, SweepTab, FollowPanel, Inspector, MiddleboxPanel, ReplayTab, TrafficPanel } from './lazy';
import { Part } from './Part';
import { RunCharts } from './RunCharts';
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

/**
 * Whether the hidden tabs may mount: once the first run is on screen (or has failed, or another
 * tab is opened), when the page is idle. Their chunks then load after the default scenario is running, not beside it
 * (issue 41: their requests and compiles shared the two cores with the first run).
 */
function useWarm(): boolean {
  // Or once another tab is opened (a scenario that never runs still keeps its tabs' state).
  const settled = useAppState((s) => s.run !== null || s.runState === 'error' || s.sideTab !== 'results');
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (!settled || warm) return undefined;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => {
        setWarm(true);
        warmParts();
      }, 100);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => {
      setWarm(true);
      warmParts();
    }, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, [settled, warm]);
  return warm;
}

/** Tabs beside the drawing. Once mounted, every tab stays mounted (hidden), so the chart keeps its data. */
export function SidePanel() {
  const { store } = useController();
  const active = useAppState((s) => s.sideTab);
  const warm = useWarm();
  // The claims card (a chunk of its own) for a scenario file that states checks; it reads them itself.
  const claims = useAppState((s) => s.run !== null && s.run.scenarioText.includes('"checks"'));
  const pane = (tab: SideTab, children: ReactNode) => (
    <div role="tabpanel" id={`pane-${tab}`} aria-labelledby={`tab-${tab}`} hidden={active !== tab} className={`pane pane-${tab}`}>
      {(warm || active === tab || tab === 'results') && children}
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
      {pane('results', <><RunInfo />{claims && <Part what="the example's claims" fallback={null}><ClaimsCard /></Part>}<Part what="the charts"><MiddleboxPanel /><ChartPanel /></Part><RunCharts /></>)}
      {pane('inspect', <Part what="the Inspector"><Inspector /></Part>)}
      {pane('traffic', <Part what="the Traffic editor"><TrafficPanel /></Part>)}
      {pane('packet', <Part what="the Packet tab"><FollowPanel /></Part>)}
      {pane('replay', <Part what="the Replay tab"><ReplayTab /></Part>)}
      {pane('compare', <Part what="the Compare tab"><CompareTab /></Part>)}
      {pane('sweep', <Part what="the Sweep tab"><SweepTab /></Part>)}
    </aside>
  );
}
