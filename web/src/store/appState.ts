// The app's state and its pure actions. Side effects (worker, clipboard, timers) live in
// app/controller.ts, which dispatches these.
import { Playback, type Position } from '../sim/playback';
import type { RunResult } from '../sim/types';
import { niceRound } from '../view/format';

export type RunState = 'idle' | 'running' | 'done' | 'error';

/** The default run should play in about this many seconds at 1x. */
export const TARGET_PLAY_SECONDS = 20;
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

export interface LoadedRun {
  readonly result: RunResult;
  readonly playback: Playback;
  /** Last instant the animation can show: the end of the run, or of the stored trace. */
  readonly endNs: number;
  /** Simulated nanoseconds per wall-clock second at 1x. */
  readonly baseRate: number;
}

export interface AppState {
  /** Text of the scenario being run (what Share puts in the link). */
  readonly scenarioText: string;
  readonly runState: RunState;
  readonly run: LoadedRun | null;
  readonly playing: boolean;
  readonly speed: number;
  readonly position: Position;
  /** Message of the dismissible banner. */
  readonly error: string | null;
  readonly shareLink: string | null;
}

export const initialState = (scenarioText: string): AppState => ({
  scenarioText,
  runState: 'idle',
  run: null,
  playing: false,
  speed: 1,
  position: { t: 0, cursor: 0 },
  error: null,
  shareLink: null,
});

/** Wraps a finished run for playback (builds the queue checkpoints). */
export function loadRun(result: RunResult): LoadedRun {
  const { summary } = result;
  const playback = new Playback(result.trace, summary.ports.length);
  const endNs = summary.trace_truncated ? summary.trace_end_ns : Math.max(summary.end_ns, playback.endTime);
  return { result, playback, endNs, baseRate: niceRound(endNs / TARGET_PLAY_SECONDS) };
}

export const runStarted = (scenarioText: string) => (s: AppState): AppState => ({
  ...s,
  scenarioText,
  runState: 'running',
  run: null,
  playing: false,
  position: { t: 0, cursor: 0 },
  shareLink: scenarioText === s.scenarioText ? s.shareLink : null,
});

/** A run finished: show it from the start and play. */
export const runFinished = (run: LoadedRun) => (s: AppState): AppState => ({
  ...s,
  runState: 'done',
  run,
  playing: true,
  position: { t: 0, cursor: 0 },
});

export const runFailed = (message: string) => (s: AppState): AppState => ({
  ...s,
  runState: 'error',
  run: null,
  playing: false,
  error: message,
});

export const runCancelled = (s: AppState): AppState => ({ ...s, runState: 'idle', run: null, playing: false });

export const showError = (message: string) => (s: AppState): AppState => ({ ...s, error: message });

export const dismissError = (s: AppState): AppState => (s.error === null ? s : { ...s, error: null });

export const shareLinkBuilt = (link: string) => (s: AppState): AppState => ({ ...s, shareLink: link });

export const play = (s: AppState): AppState => {
  if (!s.run || s.playing) return s;
  const atEnd = s.position.t >= s.run.endNs;
  return { ...s, playing: true, position: atEnd ? { t: 0, cursor: 0 } : s.position };
};

export const pause = (s: AppState): AppState => (s.playing ? { ...s, playing: false } : s);

export const togglePlay = (s: AppState): AppState => (s.playing ? pause(s) : play(s));

export const setSpeed = (speed: number) => (s: AppState): AppState => ({ ...s, speed });

/** Moves the playhead to time t (clamped to the run), as if played up to there. */
export const seek = (t: number) => (s: AppState): AppState => {
  if (!s.run) return s;
  const clamped = Math.min(Math.max(0, t), s.run.endNs);
  return { ...s, position: s.run.playback.seek(clamped) };
};

/** One trace event forward (pauses). */
export const stepForward = (s: AppState): AppState =>
  s.run ? { ...s, playing: false, position: s.run.playback.stepForward(s.position) } : s;

/** One trace event back (pauses). */
export const stepBack = (s: AppState): AppState =>
  s.run ? { ...s, playing: false, position: s.run.playback.stepBack(s.position) } : s;

/** Advances the playhead by `dtMs` of wall-clock time at the current speed; stops at the end. */
export const tick = (dtMs: number) => (s: AppState): AppState => {
  if (!s.run || !s.playing) return s;
  const t = s.position.t + (dtMs / 1000) * s.run.baseRate * s.speed;
  if (t >= s.run.endNs) {
    return { ...s, playing: false, position: s.run.playback.seek(s.run.endNs) };
  }
  return { ...s, position: s.run.playback.seek(t) };
};
