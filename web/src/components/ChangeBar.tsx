import { useMemo, useState } from 'react';
import { useAppState, useController } from '../app/context';
import { displayName } from '../scenario/registry';
import { setSideTab } from '../store/appState';
import { changeBetween } from '../view/change';

/** Rows shown in the bar; the rest are in the Results tab's summary. */
const SHOWN = 4;

/**
 * What the last change did: the metrics it moved, before → after, beside the run that was on
 * screen before, and the way to the charts. Shown after a run of the same network with a
 * different scenario; closed with ×, it comes back with the next change.
 */
export function ChangeBar() {
  const { store } = useController();
  const before = useAppState((s) => (s.view === 'single' ? s.before : null));
  const run = useAppState((s) => (s.view === 'single' ? s.run : null));
  const registry = useAppState((s) => s.schedulers);
  const [closed, setClosed] = useState<string | null>(null);
  const change = useMemo(() => (before && run
    ? changeBetween(before, { summary: run.result.summary, scenarioText: run.scenarioText }, (n) => displayName(registry, n))
    : null), [before, run, registry]);
  const hash = run?.result.summary.trace_hash ?? '';
  if (!change || closed === hash) return null;
  const more = change.rows.length - SHOWN;
  return (
    <div className="change-bar" role="status" data-testid="change-bar">
      <strong>Your change ({change.what}):</strong>{' '}
      {change.unused && (
        <span data-testid="change-unused">
          no port runs {change.unused}: the default is for routers without their own scheduler (select a router to change
          its own; hosts&apos; NICs take the default when asked).{' '}
        </span>
      )}
      {change.rows.length === 0 ? <span data-testid="change-none">no metric of the summary moved.</span> : (
        <ul>
          {change.rows.slice(0, SHOWN).map((r) => (
            <li key={r.id} className={r.verdict} data-testid={`change-${r.id}`}>
              {r.title} {r.before} → <b>{r.after}</b> <span className="verdict">({r.verdict})</span>
            </li>
          ))}
          {more > 0 && <li>and {more} more</li>}
        </ul>
      )}
      <button type="button" className="small" data-testid="change-charts" onClick={() => store.dispatch(setSideTab('results'))}>
        Results and charts ▸
      </button>
      <button type="button" className="icon" aria-label="Close" data-testid="change-close" onClick={() => setClosed(hash)}>×</button>
    </div>
  );
}
