import { useMemo } from 'react';
import { useAppState, useController } from '../app/context';
import { listedReplays, modeInfo } from '../sim/replay';
import type { ModeInfo, ReplayMode } from '../sim/types';
import { closeReplay, setReplayMode, setReplayPreemptive } from '../store/replayActions';
import { LessonLinks } from './LessonLinks';
import { OverdueList } from './OverdueList';
import { ReplayFollow } from './ReplayFollow';
import { ReplayMetrics } from './ReplayMetrics';
import { ScheduleTables } from './ScheduleTables';

/** Runs' scenario replays, parsed once per run, named from the core's replay catalog. */
function useListed(modes: readonly ModeInfo[], scenarioText: string | null) {
  return useMemo(() => {
    try {
      const v = scenarioText ? (JSON.parse(scenarioText) as { replay?: { modes?: Parameters<typeof listedReplays>[1] } }) : null;
      return listedReplays(modes, v?.replay?.modes);
    } catch {
      return [];
    }
  }, [modes, scenarioText]);
}

/**
 * Record the run's schedule and replay it with a mode, preemptive or not, or with one of the
 * replays the scenario lists; then the report and the overdue packets. A scripted schedule's
 * tables (the paper's) follow, with the lessons that walk through it.
 */
export function ReplayTab() {
  const controller = useController();
  const { store } = controller;
  const mode = useAppState((s) => s.replayMode);
  const preemptive = useAppState((s) => s.replayPreemptive);
  const state = useAppState((s) => s.replayState);
  const progress = useAppState((s) => s.replayProgress);
  const run = useAppState((s) => s.run);
  const running = useAppState((s) => s.runState === 'running');
  const replay = useAppState((s) => s.replay);
  const modes = useAppState((s) => s.replayModes);
  const listed = useListed(modes, run?.scenarioText ?? null);
  const info = modeInfo(modes, mode);
  const busy = state === 'running';
  return (
    <div className="replay-tab" data-testid="replay-tab">
      <div className="replay-controls">
        <select aria-label="Replay mode" data-testid="replay-mode" value={mode}
          onChange={(e) => store.dispatch(setReplayMode(e.target.value as ReplayMode))}>
          {modes.map((m) => <option key={m.mode} value={m.mode}>{m.display}</option>)}
        </select>
        <label className="check" title="Preemptive-resume service at every router (the theorems of UPS App. A are about preemptive replays)">
          <input type="checkbox" data-testid="replay-preemptive" checked={preemptive}
            onChange={(e) => store.dispatch(setReplayPreemptive(e.target.checked))} /> preemptive
        </label>
        {busy ? (
          <span className="replay-busy" role="status" data-testid="replay-progress">
            Recording and replaying… {Math.round(progress * 100)}%
            <progress max={100} value={Math.round(progress * 100)} aria-label="Replay progress" />
            <button type="button" data-testid="replay-cancel" onClick={() => controller.cancel()}>Cancel</button>
          </span>
        ) : (
          <button type="button" className="primary" data-testid="replay-run" disabled={!run || running}
            onClick={() => void controller.recordReplay()} title="Record the run's schedule and replay it with this mode">
            Record &amp; replay
          </button>
        )}
        {replay && (
          <button type="button" data-testid="replay-close" onClick={() => store.dispatch(closeReplay)} title="Back to the single view">
            Close
          </button>
        )}
      </div>
      {listed.length > 0 && (
        <div className="replay-listed" data-testid="replay-listed">
          <span className="muted small">This scenario's replays:</span>
          {listed.map((r) => (
            <button type="button" key={r.name} className="chip" title={r.label} aria-pressed={replay?.name === r.name}
              data-testid={`replay-listed-${r.name}`} disabled={!run || running || busy}
              onClick={() => void controller.recordReplay(r.name)}>
              {r.name}
            </button>
          ))}
        </div>
      )}
      {(!replay || replay.mode !== mode) && <p className="scheduler-info">{info?.summary}</p>}
      {!replay && (
        <p className="muted hint-text">
          The run on screen is the original. Its schedule (each packet's path and exit time o(p)) is replayed from the same
          inputs with every router running the mode; a packet that leaves later than o(p) is overdue.
        </p>
      )}
      <LessonLinks />
      <ScheduleTables />
      {replay && (
        <>
          <ReplayMetrics />
          <ReplayFollow />
          <OverdueList />
        </>
      )}
    </div>
  );
}
