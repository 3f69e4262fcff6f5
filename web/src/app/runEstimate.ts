// How long the run in flight has left (issue 38): from its measured pace once it has gone far
// enough to measure, before that from the core's estimate of its CPU time (its budget,
// sim/budget.rs, which the worker reports as the run starts). Pure.
import type { RunPhase } from '../sim/types';

/** The page's wasm takes about this many times the native CPU the budget estimates (budget.rs). */
export const WASM_FACTOR = 1.5;
/** The pace is measured once this much of the simulation is done, and this long (ms) has passed. */
const MEASURED_FROM = 0.05;
const MEASURED_AFTER_MS = 2000;

/** Seconds left in the simulation (null: not simulating, or nothing to go by). */
export function secondsLeft(phase: RunPhase, progress: number, elapsedMs: number, cpuNs: number | null): number | null {
  if (phase !== 'simulating') return null;
  if (progress >= MEASURED_FROM && elapsedMs >= MEASURED_AFTER_MS) return ((elapsedMs / 1000) * (1 - progress)) / progress;
  if (cpuNs === null) return null;
  return Math.max(0, (cpuNs / 1e9) * WASM_FACTOR - elapsedMs / 1000);
}

/** "about 2 min left", "about 40 s left", "a few seconds left". */
export function formatLeft(seconds: number): string {
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 90) return `about ${Math.round(seconds / 5) * 5} s left`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${(seconds / 3600).toFixed(1)} h left`;
}

/** What the run is doing, in words. */
export function phaseText(phase: RunPhase, progress: number): string {
  const pct = Math.round(progress * 100);
  if (phase === 'checking') return 'Checking the scenario…';
  if (phase === 'summarising') return 'Summarising the results…';
  if (phase === 'preparing') return `Preparing the playback… ${pct}%`;
  return `Simulating… ${pct}%`;
}
