// A small typed handle for end-to-end tests: window.__playground.
import type { AppState, RunState } from '../store/appState';
import type { Store } from '../store/store';

export interface PlaygroundHandle {
  traceHash(): string | null;
  chartPointCount(): number;
  playhead(): number;
  runState(): RunState;
}

declare global {
  interface Window {
    __playground?: PlaygroundHandle;
  }
}

/** The mounted chart reports its point count here. */
export const chartProbe = { pointCount: (): number => 0 };

export function installTestHandle(store: Store<AppState>): void {
  window.__playground = {
    traceHash: () => store.getState().run?.result.summary.trace_hash ?? null,
    chartPointCount: () => chartProbe.pointCount(),
    playhead: () => store.getState().position.t,
    runState: () => store.getState().runState,
  };
}
