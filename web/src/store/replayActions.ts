// Replay actions (pure, state -> state): the Replay tab's mode, a replay's life (started,
// finished, failed, cancelled, closed), jumps to the moment an overdue packet went wrong, and
// a lesson step's marks.
// The replay shares the run's playhead: the replay view shows the replay trace up to the same
// simulated time (see components/ReplayStage.tsx).
// loadReplay (the overdue index of a finished replay) is in replayLoad.ts, which the controller
// loads with the replay's result, so sim/replay.ts stays out of the main script (issue 20).
import { preemptiveByDefault } from '../sim/replayNames';
import type { ViewMark } from '../sim/theory';
import type { ReplayMode } from '../sim/types';
import { seek, type AppState, type LessonFocus, type LoadedReplay } from './appState';

/** Picks a mode, with the mode's default service as the core's replay catalog gives it. */
export const setReplayMode = (mode: ReplayMode) => (s: AppState): AppState =>
  ({ ...s, replayMode: mode, replayPreemptive: preemptiveByDefault(s.replayModes, mode) });

export const setReplayPreemptive = (preemptive: boolean) => (s: AppState): AppState => ({ ...s, replayPreemptive: preemptive });

export const replayStarted = (s: AppState): AppState => ({ ...s, replayState: 'running', replayProgress: 0 });
/** Progress of the replay in flight (the original's run, then the replay), 0..1. */
export const replayProgressed = (progress: number) => (s: AppState): AppState =>
  (s.replayState === 'running' ? { ...s, replayProgress: progress } : s);

/**
 * A replay finished: shown beside the run it replays (ignored if that run was replaced), both
 * from the start of the traffic (the original's first event), not wherever the playhead was
 * (often past the end of the traffic: the networks would show empty).
 */
export const replayFinished = (replay: LoadedReplay) => (s: AppState): AppState => {
  if (!s.run || s.run.result.summary.trace_hash !== replay.originalHash) return { ...s, replayState: 'idle' };
  const first = s.run.result.trace.time[0] ?? 0;
  return { ...s, replayState: 'idle', replay, replayFollowed: null, position: s.run.playback.seek(first) };
};

/**
 * An open lesson's step marks `mark` (a node and packets) with the playhead at its moment,
 * paused (the lesson session first records the replay the step is about, when it is not the
 * one on screen).
 */
export const showLessonMark = (mark: ViewMark | null, t: number | null) => (s: AppState): AppState => {
  if (!s.run) return { ...s, lessonMark: null };
  const at = t === null ? s : { ...seek(t)(s), playing: false };
  return { ...at, lessonMark: mark };
};

/** An open lesson's step points the charts and the drawing (`null`: nothing). */
export const showLessonFocus = (focus: Omit<LessonFocus, 'seq'> | null) => (s: AppState): AppState =>
  ({ ...s, lessonFocus: focus ? { ...focus, seq: (s.lessonFocus?.seq ?? 0) + 1 } : null });

export const replayFailed = (message: string) => (s: AppState): AppState => ({ ...s, replayState: 'error', error: message });

export const replayCancelled = (s: AppState): AppState => ({ ...s, replayState: 'idle' });

/** Back to the single view. */
export const closeReplay = (s: AppState): AppState => (s.replay ? { ...s, replay: null, replayFollowed: null } : s);

export const followReplayPacket = (packet: number | null) => (s: AppState): AppState => ({ ...s, replayFollowed: packet });

/**
 * Moves the shared playhead to the moment replay packet `replayId` went wrong (its `at_ns`,
 * the departure from the hop where its slack went negative), pauses, and follows it in the
 * replay view.
 */
export const jumpToOverdue = (replayId: number) => (s: AppState): AppState => {
  const row = s.replay?.overdue.row(replayId);
  if (!s.run || !row) return s;
  return { ...s, playing: false, position: s.run.playback.seek(row.at_ns), replayFollowed: replayId, sideTab: 'replay' };
};
