import { describe, expect, it } from 'vitest';
import { traceFrom } from '../sim/testTrace';
import type { RunResult, RunSummary } from '../sim/types';
import {
  dismissError, initialState, loadRun, pause, play, runFailed, runFinished, runStarted, seek,
  setSpeed, shareLinkBuilt, stepBack, stepForward, tick, togglePlay, type AppState,
} from './appState';

// Three events at 0, 50 ms and 100 ms; the run ends at 200 ms.
const summary = { end_ns: 200e6, trace_truncated: false, trace_end_ns: 200e6, ports: [{}] } as unknown as RunSummary;
const result: RunResult = {
  summary,
  trace: traceFrom([[0, 1, 0, 0, 0, 0], [50e6, 2, 0, 0, 0, 50e6], [100e6, 3, 0, 0, 0, 120e6]]),
};

const loaded = (): AppState => runFinished(loadRun(result))(runStarted('{}')(initialState('{}')));

describe('app state actions', () => {
  it('plays the default run in about 20 s: base rate 10 ms/s', () => {
    expect(loadRun(result).baseRate).toBe(10e6);
    expect(loadRun(result).endNs).toBe(200e6);
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

  it('shows and dismisses errors; a failed run stops playback', () => {
    const s = runFailed('boom')(loaded());
    expect(s).toMatchObject({ runState: 'error', run: null, playing: false, error: 'boom' });
    expect(dismissError(s).error).toBeNull();
  });

  it('keeps the share link while the scenario is unchanged', () => {
    const s = shareLinkBuilt('http://x/#v1.abc')(loaded());
    expect(runStarted('{}')(s).shareLink).toBe('http://x/#v1.abc');
    expect(runStarted('{"other":1}')(s).shareLink).toBeNull();
  });
});
