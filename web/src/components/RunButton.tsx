import { useAppState, useController } from '../app/context';

/** Run (R), or while a run is in the worker: its progress and Cancel. */
export function RunButton() {
  const controller = useController();
  const runState = useAppState((s) => s.runState);
  const progress = useAppState((s) => s.progress);
  const work = useAppState((s) => s.runWork);
  if (runState === 'running') {
    const pct = Math.round(progress * 100);
    return (
      <span className="run-progress" role="status" data-testid="run-progress">
        Simulating… {pct}%
        {work !== null && <span className="run-work" data-testid="run-work" title="The core's estimate of this run before it started">({work})</span>}
        <progress max={100} value={pct} aria-label="Run progress" />
        <button type="button" data-testid="cancel" onClick={() => controller.cancel()}>Cancel</button>
      </span>
    );
  }
  return (
    <button type="button" className="run" data-testid="run" onClick={() => void controller.run()} title="Simulate the scenario (R)">
      ▶ Run
    </button>
  );
}
