import { describe, expect, it } from 'vitest';
import { indexed, traceFrom } from '../sim/testTrace';
import type { RunResult, RunSummary } from '../sim/types';
import { blankScenario } from '../scenario/commands';
import {
  dismissError, initialState, jumpToEvent, loadRun, pause, play, runCancelled, runFailed, runFinished, runProgress,
  runStarted, scrubBy, seek, setSpeed, stepBack, stepForward, tick, togglePlay, type AppState,
} from './appState';

// Three events at 0, 50 ms and 100 ms; the run ends at 200 ms.
const summary = { end_ns: 200e6, trace_truncated: false, trace_end_ns: 200e6, ports: [{}] } as unknown as RunSummary;
const result: RunResult = indexed({
  summary,
  trace: traceFrom([[0, 1, 0, 0, 0, 0], [50e6, 2, 0, 0, 0, 50e6], [100e6, 3, 0, 0, 0, 120e6]]),
});

const loaded = (): AppState => runFinished(loadRun(result, '{}'))(runStarted(initialState(blankScenario())));

describe('app state actions', () => {
  it('plays the default run in about 20 s: base rate 10 ms/s', () => {
    expect(loadRun(result, '{}').baseRate).toBe(10e6);
    expect(loadRun(result, '{}').endNs).toBe(200e6);
  });

  it('starts playing when a run finishes', () => {
    const s = loaded();
    expect(s.runState).toBe('done');
    expect(s.playing).toBe(true);
    expect(s.position).toEqual({ t: 0, cursor: 0 });
  });

  it('advances the playhead with wall-clock time and speed', () => {
    let s = tick(1000)(loaded()); // 1 s at 10 ms/s
    expect(s.position).toEqual({ t: 10e6, cursor: 1 });
    s = tick(2000)(setSpeed(4)(s)); // 2 s at 40 ms/s
    expect(s.position).toEqual({ t: 90e6, cursor: 2 });
    expect(tick(1000)(pause(s)).position).toEqual(s.position);
  });

  it('stops at the end, and play restarts from the beginning', () => {
    const s = tick(60_000)(loaded());
    expect(s.playing).toBe(false);
    expect(s.position).toEqual({ t: 200e6, cursor: 3 });
    expect(play(s).position).toEqual({ t: 0, cursor: 0 });
    expect(togglePlay(play(s)).playing).toBe(false);
  });

  it('steps one event at a time and pauses', () => {
    let s = stepForward(loaded());
    expect(s.playing).toBe(false);
    expect(s.position).toEqual({ t: 0, cursor: 1 });
    s = stepForward(s);
    expect(s.position).toEqual({ t: 50e6, cursor: 2 });
    expect(stepBack(s).position).toEqual({ t: 0, cursor: 1 });
  });

  it('seeks within the run', () => {
    expect(seek(75e6)(loaded()).position).toEqual({ t: 75e6, cursor: 2 });
    expect(seek(1e12)(loaded()).position.t).toBe(200e6);
    expect(seek(-5)(loaded()).position).toEqual({ t: 0, cursor: 1 }); // the event at t=0 is applied
  });

  it('moves by a fraction of the run and jumps to an event, paused', () => {
    expect(scrubBy(0.25)(loaded())).toMatchObject({ playing: false, position: { t: 50e6, cursor: 2 } });
    expect(scrubBy(-1)(loaded()).position.t).toBe(0);
    expect(jumpToEvent(1)(loaded())).toMatchObject({ playing: false, position: { t: 50e6, cursor: 2 } });
    expect(jumpToEvent(9)(loaded()).position).toEqual({ t: 0, cursor: 0 });
  });

  it('reports progress only while running; a failed run keeps the previous run and says why', () => {
    const running = runStarted(loaded());
    expect(runProgress(0.5)(running).progress).toBe(0.5);
    expect(runProgress(0.5)(loaded())).toEqual(loaded());
    const failed = runFailed('boom')(running);
    expect(failed).toMatchObject({ runState: 'error', playing: false, error: 'boom' });
    expect(failed.run).toBe(running.run);
    expect(dismissError(failed).error).toBeNull();
  });

  it('a cancelled run goes back to the run it had, or to idle', () => {
    expect(runCancelled(runStarted(loaded())).runState).toBe('done');
    expect(runCancelled(runStarted(initialState(blankScenario()))).runState).toBe('idle');
  });
});
