import { useEffect, useState } from 'react';
import { useAppState, useController } from '../app/context';
import { formatLeft, phaseText, secondsLeft } from '../app/runEstimate';

/**
 * Run (R), or while a run is in the worker: what it is doing (checking, simulating, summarising,
 * preparing the playback) with its progress, the time left (from the core's estimate, then
 * the measured pace) and the estimate the core made before it started, and Cancel.
 */
export function RunButton() {
  const controller = useController();
  const runState = useAppState((s) => s.runState);
  const progress = useAppState((s) => s.progress);
  const phase = useAppState((s) => s.runPhase);
  const work = useAppState((s) => s.runWork);
  const cpuNs = useAppState((s) => s.runCpuNs);
  const [started, setStarted] = useState(0);
  const [now, setNow] = useState(0);
  const running = runState === 'running';
  useEffect(() => {
    if (!running) return undefined;
    setStarted(performance.now());
    setNow(performance.now());
    // The time left counts down between progress reports too.
    const timer = window.setInterval(() => setNow(performance.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  if (running) {
    const left = secondsLeft(phase, progress, Math.max(0, now - started), cpuNs);
    return (
      <span className="run-progress" role="status" data-testid="run-progress" data-phase={phase}>
        <span className="run-status">
          <span>
            {phaseText(phase, progress)}
            {left !== null && <span className="run-left" data-testid="run-left"> · {formatLeft(left)}</span>}
          </span>
          {work !== null && <span className="run-work" data-testid="run-work" title="The core's estimate of this run before it started">({work})</span>}
        </span>
        {phase === 'summarising' || phase === 'checking'
          ? <progress aria-label="Run progress" />
          : <progress max={100} value={Math.round(progress * 100)} aria-label="Run progress" />}
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
