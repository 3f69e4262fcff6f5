import { useAppState, useController } from '../app/context';
import { displayName } from '../scenario/registry';
import { scenarioText } from '../scenario/restore';
import type { SchedulerSpec } from '../scenario/types';
import { setCompareSetup, showView } from '../store/compareActions';
import { variantLabels } from '../store/compareLabels';
import { MAX_VARIANTS, MIN_VARIANTS, type CompareSetup, type CompareVariant } from '../store/compareSetup';
import { COMPARE_COLOURS } from '../view/palette';
import { CompareObjective } from './CompareObjective';
import { ScenarioCompareNote } from './ScenarioCompareNote';
import { SchedulerPicker } from './SchedulerPicker';

/** A scheduler the setup does not have yet, for "+ Add": the next of a few common ones. */
function nextScheduler(setup: CompareSetup): SchedulerSpec {
  const used = new Set(setup.variants.map((v) => v.scheduler.name));
  const name = ['fifo', 'sjf', 'lstf', 'srpt', 'fq', 'lifo'].find((n) => !used.has(n)) ?? 'fifo';
  return { name };
}

/** Pick 2 to 4 schedulers (every router or chosen routers), run them on the draft's traffic, show them side by side. */
export function CompareTab() {
  const controller = useController();
  const { store } = controller;
  const setup = useAppState((s) => s.compare);
  const state = useAppState((s) => s.compareState);
  const progress = useAppState((s) => s.compareProgress);
  const view = useAppState((s) => s.view);
  const comparison = useAppState((s) => s.comparison);
  const draft = useAppState((s) => s.history.present);
  const routersError = useAppState((s) => (s.fieldError?.path.endsWith('.routers') ? s.fieldError : null));
  const busy = useAppState((s) => s.runState === 'running' || s.replayState === 'running');
  const routers = draft.topology.nodes.filter((n) => n.kind === 'router').map((n) => n.id);
  const middleboxes = draft.topology.nodes.some((n) => n.middlebox != null);
  const closedLoop = draft.traffic.some((t) => 'transport' in t && (t.transport ?? 'udp') !== 'udp');
  const registry = useAppState((s) => s.schedulers);
  const labels = variantLabels(setup, (id) => displayName(registry, id));
  const stale = comparison !== null && comparison.scenarioText !== scenarioText(draft);

  const set = (variants: readonly CompareVariant[]) => store.dispatch(setCompareSetup({ variants }));
  const change = (i: number, v: Partial<CompareVariant>) => set(setup.variants.map((x, j) => (j === i ? { ...x, ...v } : x)));
  const toggleRouter = (i: number, r: string, on: boolean) => {
    const now = setup.variants[i]?.routers ?? [];
    change(i, { routers: on ? routers.filter((x) => x === r || now.includes(x)) : now.filter((x) => x !== r) });
  };

  return (
    <div className="compare-tab" data-testid="compare-tab">
      <p className="hint-text">
        Runs the draft once per scheduler with its seed, so every run has the same flows, starting at the same times with the
        same sizes; then shows the runs side by side on one timeline, with their charts.
      </p>
      <p className={`hint-text${closedLoop ? ' caution' : ''}`} data-testid="closed-loop-note">
        {closedLoop
          ? 'This scenario has closed-loop traffic (TCP, DCTCP or pFabric): its senders react to each scheduler\'s drops and delays, so their packets differ from run to run (the flows and their start times do not).'
          : 'Every source here is open loop (UDP): each scheduler sees the same packets at the same times. Closed-loop transports (TCP, DCTCP, pFabric) would react to each scheduler differently.'}
      </p>
      <ScenarioCompareNote />
      {setup.variants.map((v, i) => (
        <div className="compare-row" key={i} data-testid={`compare-row-${i}`}>
          <span className="swatch big" style={{ background: COMPARE_COLOURS[i % COMPARE_COLOURS.length] }} aria-hidden="true" />
          <div className="compare-fields">
            <SchedulerPicker path={`compare[${i}].scheduler`} label={`Scheduler ${i + 1}: ${labels[i] ?? ''}`} spec={v.scheduler} inherits={null}
              onChange={(spec) => change(i, { scheduler: spec ?? { name: 'fifo' } })} />
            <label className="field">
              <span className="field-label">runs on</span>
              <select data-testid={`compare-where-${i}`} value={v.cpu ? 'cpu' : v.routers === null ? 'every' : 'chosen'}
                onChange={(e) => change(i, e.target.value === 'cpu' ? { routers: null, cpu: true }
                  : { routers: e.target.value === 'every' ? null : routers.slice(0, 1), cpu: false })}>
                <option value="every">every router</option>
                <option value="chosen">chosen routers (the others keep the scenario&apos;s)</option>
                {(middleboxes || v.cpu) && <option value="cpu">every middlebox&apos;s CPU (the ports keep the scenario&apos;s)</option>}
              </select>
            </label>
            <CompareObjective index={i} variant={v} scenarioSlack={draft.slack != null} scenarioEdge={draft.edge_codel != null}
              onChange={(c) => change(i, c)} />
            {v.routers !== null && !v.cpu && (
              <fieldset className="router-list" data-testid={`compare-routers-${i}`}>
                <legend className="field-label">routers</legend>
                {routers.map((r) => (
                  <label key={r} className="check">
                    <input type="checkbox" data-testid={`compare-router-${i}-${r}`} checked={v.routers?.includes(r) ?? false}
                      onChange={(e) => toggleRouter(i, r, e.target.checked)} />
                    {r}
                  </label>
                ))}
                {v.routers.length === 0 && <span className="field-error">pick at least one router</span>}
                {routersError?.path === `compare[${i}].routers` && <span className="field-error" role="alert">{routersError.message}</span>}
              </fieldset>
            )}
          </div>
          {setup.variants.length > MIN_VARIANTS && (
            <button type="button" className="icon" aria-label={`Remove scheduler ${i + 1}`} data-testid={`compare-remove-${i}`}
              onClick={() => set(setup.variants.filter((_, j) => j !== i))}>×</button>
          )}
        </div>
      ))}
      <div className="compare-actions">
        {setup.variants.length < MAX_VARIANTS && (
          <button type="button" data-testid="compare-add" onClick={() => set([...setup.variants, { scheduler: nextScheduler(setup), routers: null }])}>
            + Add a scheduler
          </button>
        )}
        <span className="spacer" />
        {state === 'running' && progress ? (
          <span className="compare-busy" role="status" data-testid="compare-progress">
            Run {progress.index + 1} of {progress.of} ({labels[progress.index]}): {Math.round(progress.fraction * 100)}%
            <progress max={progress.of} value={progress.index + progress.fraction} aria-label="Comparison progress" />
            <button type="button" data-testid="compare-cancel" onClick={() => controller.cancel()}>Cancel</button>
          </span>
        ) : (
          <button type="button" className="primary" data-testid="compare-run" disabled={busy || setup.variants.some((v) => v.routers?.length === 0)}
            onClick={() => void controller.compare()} title="Run the draft once per scheduler, on the same seed">
            Compare {setup.variants.length} schedulers
          </button>
        )}
      </div>
      {comparison && (
        <div className="compare-actions">
          {view === 'compare' ? (
            <button type="button" data-testid="compare-close" onClick={() => store.dispatch(showView('single'))}>Back to the editor</button>
          ) : (
            <button type="button" data-testid="compare-show" onClick={() => store.dispatch(showView('compare'))}>
              Show the comparison ({comparison.runs.map((r) => r.label).join(', ')})
            </button>
          )}
          {stale && <span className="note" data-testid="compare-stale">The draft changed since this comparison: press Compare to run it again.</span>}
        </div>
      )}
    </div>
  );
}
