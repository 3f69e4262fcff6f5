import { useAppState, useController } from '../app/context';
import { REPLAY_MODES } from '../sim/replay';
import type { ReplayMode } from '../sim/types';
import { closeReplay, setReplayMode } from '../store/replayActions';
import { OverdueList } from './OverdueList';
import { ReplayFollow } from './ReplayFollow';
import { ReplayMetrics } from './ReplayMetrics';

/** Record the run's schedule and replay it with a mode; then the report and the overdue packets. */
export function ReplayTab() {
  const controller = useController();
  const { store } = controller;
  const mode = useAppState((s) => s.replayMode);
  const state = useAppState((s) => s.replayState);
  const hasRun = useAppState((s) => s.run !== null);
  const running = useAppState((s) => s.runState === 'running');
  const replay = useAppState((s) => s.replay);
  const info = REPLAY_MODES.find((m) => m.mode === mode);
  return (
    <div className="replay-tab" data-testid="replay-tab">
      <div className="replay-controls">
        <select aria-label="Replay mode" data-testid="replay-mode" value={mode}
          onChange={(e) => store.dispatch(setReplayMode(e.target.value as ReplayMode))}>
          {REPLAY_MODES.map((m) => <option key={m.mode} value={m.mode}>{m.label}</option>)}
        </select>
        {state === 'running' ? (
          <span className="replay-busy" role="status" data-testid="replay-progress">
            Recording and replaying… <button type="button" data-testid="replay-cancel" onClick={() => controller.cancel()}>Cancel</button>
          </span>
        ) : (
          <button type="button" className="primary" data-testid="replay-run" disabled={!hasRun || running}
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
      {(!replay || replay.mode !== mode) && <p className="scheduler-info">{info?.summary}</p>}
      {!replay && (
        <p className="muted hint-text">
          The run on screen is the original. Its schedule (each packet's path and exit time o(p)) is replayed from the same
          inputs with every router running the mode; a packet that leaves later than o(p) is overdue.
        </p>
      )}
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
