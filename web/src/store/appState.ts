// The app's state and its pure actions (state -> state). Side effects (worker, storage,
// clipboard, timers) live in app/controller.ts, which dispatches these. Editor actions are in
// editorActions.ts; what is persisted where is declared in persistence.ts.
import { historyOf, type History } from '../scenario/history';
import type { PortChoices } from '../scenario/choices';
import type { PresetInfo, SchedulerInfo } from '../scenario/registry';
import type { EditableScenario } from '../scenario/types';
import { RunCounts } from '../sim/counts';
import { Playback, type Position } from '../sim/playback';
import type { OverdueIndex } from '../sim/replay';
import type { ViewMark } from '../sim/theory';
import type { ModeInfo, ReplayMode, ReplayReport, RunPhase, RunResult, RunSummary } from '../sim/types';
import type { GroupBy } from '../view/flowGroups';
import { niceRound } from '../view/format';
import { DEFAULT_SETUP, type CompareSetup, type CompareVariant } from './compareSetup';
import type { SweepSetup } from '../sweep/setup';

export type RunState = 'idle' | 'running' | 'done' | 'error';

/** The default run should play in about this many seconds at 1x. */
export const TARGET_PLAY_SECONDS = 20;
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

export interface LoadedRun {
  readonly result: RunResult;
  readonly playback: Playback;
  /** Packets sent, delivered and dropped by the playhead, in all and per flow. */
  readonly counts: RunCounts;
  /** Last instant the animation can show: the end of the run, or of the stored trace. */
  readonly endNs: number;
  /** Simulated nanoseconds per wall-clock second at 1x. */
  readonly baseRate: number;
  /** The scenario text that produced this run. */
  readonly scenarioText: string;
}

/** What the editor has selected (the inspector shows it). */
export type Selection =
  | { readonly kind: 'node'; readonly id: string }
  | { readonly kind: 'link'; readonly index: number }
  | { readonly kind: 'traffic'; readonly index: number }
  | null;

export type Tool = 'select' | 'host' | 'router' | 'middlebox' | 'link';
export type SideTab = 'inspect' | 'traffic' | 'results' | 'packet' | 'replay' | 'compare' | 'sweep';
/** The stage: the editor with the run, or a comparison's runs side by side. */
export type View = 'single' | 'compare';

/**
 * Where a lesson step points the page: the port whose queue chart is shown, the flow the
 * throughput chart follows (and whose row is marked), a span of time marked on the charts, the
 * drawing's zoom. `seq` grows with every step shown, so the same focus shown again applies again.
 */
export interface LessonFocus {
  readonly port: { readonly from: string; readonly to: string } | null;
  readonly flow: string | null;
  /** A span [from, to), ns, marked on one chart (by its id: "throughput", "fairness"). */
  readonly during: { readonly chart: string; readonly span: readonly [number, number] } | null;
  /** The drawing's zoom (1: fitted), centred on `centre` (a node id) when given. */
  readonly zoom: number | null;
  readonly centre: string | null;
  readonly seq: number;
}
/** The dialogs over the page; at most one is open (Esc closes it). */
export type DialogName = 'help' | 'gallery' | 'papers' | 'presets' | 'tour';

/** One finished run of a comparison (store/compareActions.ts). */
export interface ComparedRun {
  readonly variant: CompareVariant;
  readonly label: string;
  readonly colour: string;
  readonly dash: string;
  readonly run: LoadedRun;
}

/** A finished comparison: its runs on one timeline. */
export interface LoadedComparison {
  readonly setup: CompareSetup;
  /** The scenario it ran (the draft then), and its network as the panels draw it. */
  readonly scenarioText: string;
  readonly draft: EditableScenario;
  readonly runs: readonly ComparedRun[];
  /** The timeline: the latest end of any run, and its play rate at 1x. */
  readonly endNs: number;
  readonly baseRate: number;
  /** The gap Delta(t) of each run to a reference run (AIFO Eq. 1), when the runs kept their dequeues. */
  readonly gaps?: ComparisonGaps | null;
}

/** Delta(t) (AIFO Eq. 1, computed by the core) between each run and the reference run, at one port. */
export interface ComparisonGaps {
  /** The index of the reference run (PIFO when one runs it, else the first). */
  readonly reference: number;
  readonly port: number;
  /** Per other run: its index, Delta at the end of each window, and the window width. */
  readonly runs: readonly { readonly run: number; readonly delta: readonly (number | null)[]; readonly windowNs: number }[];
}

export type CompareRunState = 'idle' | 'running' | 'error';

/** Which run of a comparison is in the worker (0-based), of how many, and how far it is. */
export interface CompareProgress {
  readonly index: number;
  readonly of: number;
  readonly fraction: number;
}

/** A replay of the current run's schedule (store/replayActions.ts). */
export interface LoadedReplay {
  /** The replay's name (the scenario's, or the mode's with _preemptive / _nonpreemptive). */
  readonly name: string;
  readonly mode: ReplayMode;
  readonly preemptive: boolean;
  /** The replay run: its own trace (packet ids renumbered) on the same network. */
  readonly run: LoadedRun;
  readonly report: ReplayReport;
  readonly overdue: OverdueIndex;
  /** Trace hash of the original run it replays (a new run makes the replay stale). */
  readonly originalHash: string;
}

export type ReplayRunState = 'idle' | 'running' | 'error';

/** A problem with one field of the draft (from the core's validation), shown next to it. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

export interface AppState {
  /** The scenario being edited, with undo and redo. `history.present` is the draft. */
  readonly history: History<EditableScenario>;
  readonly selection: Selection;
  readonly tool: Tool;
  readonly fieldError: FieldError | null;
  readonly sideTab: SideTab;
  /** The core's scheduler registry (empty until the worker answers). */
  readonly schedulers: readonly SchedulerInfo[];
  /** The core's topology presets; null until the worker answers. */
  readonly presets: readonly PresetInfo[] | null;
  /** The core's replay modes, names and defaults (its replay catalog; empty until the worker answers). */
  readonly replayModes: readonly ModeInfo[];
  /** What each port of the draft runs, as the core says (null until it answers). */
  readonly portChoices: readonly PortChoices[] | null;
  readonly runState: RunState;
  /** Progress of the run in flight in its phase, 0..1. */
  readonly progress: number;
  /** What the run in flight is doing (all in the worker): simulating, the core's summary, the playback index. */
  readonly runPhase: RunPhase;
  /** The run in flight's estimated work ("about 40 s of CPU, about 80 MB"), once the core checked it. */
  readonly runWork: string | null;
  /** The core's estimate of its CPU time, ns (its budget). */
  readonly runCpuNs: number | null;
  readonly run: LoadedRun | null;
  /** The run that was on screen before this one ("before" in the change bar), if any. */
  readonly before: { readonly summary: RunSummary; readonly scenarioText: string } | null;
  readonly playing: boolean;
  readonly speed: number;
  readonly position: Position;
  /** The packet the follow panel tracks. */
  readonly followed: number | null;
  /** Message of the dismissible error banner. */
  readonly error: string | null;
  /** A dismissible note that is not an error (e.g. what loading a preset removed). */
  readonly notice: string | null;
  /** The share link shown: the run on screen (or the draft when nothing has run). */
  readonly shareLink: string | null;
  /** The draft's link, when the draft differs from the run on screen (it will run with another hash). */
  readonly shareDraftLink: string | null;
  /** The replay mode picked in the Replay tab, and whether routers preempt. */
  readonly replayMode: ReplayMode;
  readonly replayPreemptive: boolean;
  readonly replayState: ReplayRunState;
  /** Progress of the replay in flight, 0..1. */
  readonly replayProgress: number;
  /** The replay shown side by side with the current run (null: none). */
  readonly replay: LoadedReplay | null;
  /** The replay packet followed in the replay view (a replay trace id). */
  readonly replayFollowed: number | null;
  /** What an open lesson's step marks in the views (its node and packets at its moment; null: none). */
  readonly lessonMark: ViewMark | null;
  /** What an open lesson's step points the charts and the drawing at (null: none). */
  readonly lessonFocus: LessonFocus | null;
  readonly view: View;
  /** The schedulers picked in the Compare tab. */
  readonly compare: CompareSetup;
  readonly compareState: CompareRunState;
  readonly compareProgress: CompareProgress | null;
  /** The last finished comparison (shown in the compare view). */
  readonly comparison: LoadedComparison | null;
  /** Presentation mode: the drawing's nodes, queues and keys large enough for a classroom. */
  readonly presentation: boolean;
  /** The dialog open over the page (null: none). */
  readonly dialog: DialogName | null;
  /** Whether the guided tour has been seen or dismissed in this browser (else it opens on load). */
  readonly toured: boolean;
  /** The browser asks for reduced motion: runs start paused. */
  readonly reducedMotion: boolean;
  /** Packets coloured by flow, or by their flow's group (many flows: colours would repeat). */
  readonly colourBy: 'flow' | GroupBy;
  /** How the flow table and the charts group many flows. */
  readonly groupBy: GroupBy;
  /** A sweep a share link opened, for the Sweep tab to set up and run (null: none). */
  readonly sweepLink: SweepSetup | null;
  /** A sweep file the Papers view opened, its base written in, for the Sweep tab to offer to run (null: none). */
  readonly sweepFile: SweepFile | null;
}

/** A sweep file to run in the Sweep tab: its name, its text (base written in) and what to expect. */
export interface SweepFile {
  readonly name: string;
  readonly text: string;
  readonly runs: number;
  /** CPU seconds it is expected to take (null: not recorded). */
  readonly expectedCpuS: number | null;
  /** The command that runs it natively. */
  readonly command: string;
}

export const initialState = (draft: EditableScenario): AppState => ({
  history: historyOf(draft),
  selection: null,
  tool: 'select',
  fieldError: null,
  sideTab: 'results',
  schedulers: [],
  presets: null,
  replayModes: [],
  portChoices: null,
  runState: 'idle',
  progress: 0,
  runPhase: 'simulating',
  runWork: null,
  runCpuNs: null,
  run: null,
  before: null,
  playing: false,
  speed: 1,
  position: { t: 0, cursor: 0 },
  followed: null,
  error: null,
  notice: null,
  shareLink: null,
  shareDraftLink: null,
  replayMode: 'lstf',
  replayPreemptive: false,
  replayState: 'idle',
  replayProgress: 0,
  replay: null,
  replayFollowed: null,
  lessonMark: null,
  lessonFocus: null,
  view: 'single',
  compare: DEFAULT_SETUP,
  compareState: 'idle',
  compareProgress: null,
  comparison: null,
  presentation: false,
  dialog: null,
  toured: false,
  reducedMotion: false,
  colourBy: 'flow',
  groupBy: 'workload',
  sweepLink: null,
  sweepFile: null,
});

/** The comparison on screen, if the stage shows one. */
export const shownComparison = (s: AppState): LoadedComparison | null => (s.view === 'compare' ? s.comparison : null);

/**
 * Last instant of the timeline: the comparison's end in the compare view; else the run's end,
 * or the replay's last event when later.
 */
export const timelineEnd = (s: AppState): number => {
  const c = shownComparison(s);
  if (c) return c.endNs;
  return Math.max(s.run?.endNs ?? 0, s.replay ? s.replay.run.playback.endTime : 0);
};

/** Simulated nanoseconds per wall-clock second at 1x on the timeline shown (0: nothing to play). */
export const timelineRate = (s: AppState): number => shownComparison(s)?.baseRate ?? s.run?.baseRate ?? 0;

/** Whether the stage has something to play. */
export const hasTimeline = (s: AppState): boolean => shownComparison(s) !== null || s.run !== null;

/** The position at time t: the run's cursor there (the comparison's panels seek their own runs). */
const positionAt = (s: AppState, t: number): Position => (s.run ? s.run.playback.seek(t) : { t, cursor: 0 });

/**
 * The next (dir 1) or previous (dir -1) instant at which any run of the comparison has an
 * event, from t; t itself when there is none.
 */
function comparisonStep(c: LoadedComparison, t: number, dir: 1 | -1): number {
  let best: number | null = null;
  for (const { run } of c.runs) {
    const pb = run.playback;
    const e = dir === 1 ? pb.event(pb.cursorAt(t)) : pb.event(pb.cursorAt(t - 1) - 1);
    if (e && (best === null || (dir === 1 ? e.time < best : e.time > best))) best = e.time;
  }
  return best ?? (dir === 1 ? t : 0);
}

/** Wraps a finished run for playback: the worker's index and counts, revived. */
export function loadRun(result: RunResult, scenarioText: string): LoadedRun {
  const { summary } = result;
  // The worker indexed the trace (sim/worker.ts, sim/playbackIndex.ts, sim/countsIndex.ts): the page only revives it.
  if (result.playback === undefined) throw new Error('a run came without its playback index (sim/playbackIndex.ts builds it in the worker)');
  const playback = Playback.revive(result.playback);
  if (result.counts === undefined) throw new Error('a run came without its counts (sim/countsIndex.ts builds them in the worker)');
  const counts = RunCounts.revive(result.counts);
  const endNs = summary.trace_truncated ? summary.trace_end_ns : Math.max(summary.end_ns, playback.endTime);
  return { result, playback, counts, endNs, baseRate: niceRound(endNs / TARGET_PLAY_SECONDS), scenarioText };
}

export const catalogsLoaded = (schedulers: readonly SchedulerInfo[], presets: readonly PresetInfo[] | null, replayModes: readonly ModeInfo[] = []) =>
  (s: AppState): AppState => ({ ...s, schedulers, presets, replayModes });

/** A run starts: the previous run stays on screen until the new one is ready. */
export const runStarted = (s: AppState): AppState => ({
  ...s, runState: 'running', progress: 0, runPhase: 'simulating', runWork: null, runCpuNs: null, fieldError: null,
});

/** A link, file or example is checked in the worker before it opens: shown (with Cancel) as a run's first phase. */
export const checkStarted = (s: AppState): AppState => ({ ...runStarted(s), runPhase: 'checking' });

/** The core checked the run in flight and estimated its work. */
export const runEstimated = (describe: string, cpuNs: number | null = null) => (s: AppState): AppState =>
  (s.runState === 'running' ? { ...s, runWork: describe, runCpuNs: cpuNs } : s);

export const runProgress = (progress: number, phase: RunPhase = 'simulating') => (s: AppState): AppState =>
  (s.runState === 'running' ? { ...s, progress, runPhase: phase } : s);

/** A run finished: show it from the start and play (paused when the browser asks for reduced motion). */
export const runFinished = (run: LoadedRun) => (s: AppState): AppState => ({
  ...s,
  runState: 'done',
  progress: 1,
  run,
  before: s.run ? { summary: s.run.result.summary, scenarioText: s.run.scenarioText } : null,
  playing: !s.reducedMotion,
  position: { t: 0, cursor: 0 },
  followed: null,
  replay: null,
  replayFollowed: null,
  lessonMark: null,
  lessonFocus: null,
  view: 'single',
});

/** The run failed: say why; the editor and the previous run are left as they were. */
export const runFailed = (message: string) => (s: AppState): AppState => ({
  ...s,
  runState: 'error',
  playing: false,
  error: message,
});

export const runCancelled = (s: AppState): AppState => ({ ...s, runState: s.run ? 'done' : 'idle' });

/** A run cancelled while the run on screen was of another scenario: that one is cleared (no stale results beside the draft). */
export const runCancelledClearing = (s: AppState): AppState => ({
  ...s, runState: 'idle', run: null, playing: false, position: { t: 0, cursor: 0 }, followed: null, replay: null, replayFollowed: null,
  lessonMark: null, lessonFocus: null, view: 'single',
});

/** A problem shown next to a field outside the scenario forms (e.g. a preset parameter). */
export const setFieldError = (error: FieldError | null) => (s: AppState): AppState => ({ ...s, fieldError: error });

export const showError = (message: string) => (s: AppState): AppState => ({ ...s, error: message });
export const dismissError = (s: AppState): AppState => (s.error === null ? s : { ...s, error: null });
export const showNotice = (message: string | null) => (s: AppState): AppState => ({ ...s, notice: message });

export const shareLinkBuilt = (link: string | null, draftLink: string | null = null) => (s: AppState): AppState =>
  ({ ...s, shareLink: link, shareDraftLink: draftLink });

export const play = (s: AppState): AppState => {
  if (!hasTimeline(s) || s.playing) return s;
  const atEnd = s.position.t >= timelineEnd(s);
  return { ...s, playing: true, position: atEnd ? { t: 0, cursor: 0 } : s.position };
};

export const pause = (s: AppState): AppState => (s.playing ? { ...s, playing: false } : s);

export const togglePlay = (s: AppState): AppState => (s.playing ? pause(s) : play(s));

export const setSpeed = (speed: number) => (s: AppState): AppState => ({ ...s, speed });

/** Moves the playhead to time t (clamped to the run), as if played up to there. */
export const seek = (t: number) => (s: AppState): AppState => {
  if (!hasTimeline(s)) return s;
  const clamped = Math.min(Math.max(0, t), timelineEnd(s));
  return { ...s, position: positionAt(s, clamped) };
};

/** Moves the playhead by a fraction of the run (keyboard scrubbing); pauses. */
export const scrubBy = (fraction: number) => (s: AppState): AppState =>
  (hasTimeline(s) ? { ...seek(s.position.t + fraction * timelineEnd(s))(s), playing: false } : s);

/** Puts the playhead just after trace event `index` (the follow panel's hops). */
export const jumpToEvent = (index: number) => (s: AppState): AppState => {
  const e = s.run?.playback.event(index);
  return e ? { ...s, playing: false, position: { t: e.time, cursor: index + 1 } } : s;
};

/** One trace event forward (pauses); in a comparison, to the next instant any run has an event. */
export const stepForward = (s: AppState): AppState => {
  const c = shownComparison(s);
  if (c) return { ...s, playing: false, position: positionAt(s, comparisonStep(c, s.position.t, 1)) };
  return s.run ? { ...s, playing: false, position: s.run.playback.stepForward(s.position) } : s;
};

/** One trace event back (pauses); in a comparison, to the previous instant any run has an event. */
export const stepBack = (s: AppState): AppState => {
  const c = shownComparison(s);
  if (c) return { ...s, playing: false, position: positionAt(s, comparisonStep(c, s.position.t, -1)) };
  return s.run ? { ...s, playing: false, position: s.run.playback.stepBack(s.position) } : s;
};

/** Advances the playhead by `dtMs` of wall-clock time at the current speed; stops at the end. */
export const tick = (dtMs: number) => (s: AppState): AppState => {
  if (!hasTimeline(s) || !s.playing) return s;
  const t = s.position.t + (dtMs / 1000) * timelineRate(s) * s.speed;
  const end = timelineEnd(s);
  if (t >= end) {
    // Beside a replay both panes are empty at the end: stop where the most overdue packets are in flight.
    const busiest = s.view === 'single' ? s.replay?.overdue.busiestMoment() ?? null : null;
    return { ...s, playing: false, position: positionAt(s, busiest ?? end) };
  }
  return { ...s, position: positionAt(s, t) };
};

export const followPacket = (packet: number | null) => (s: AppState): AppState =>
  ({ ...s, followed: packet, sideTab: packet === null ? s.sideTab : 'packet' });

export const setSideTab = (tab: SideTab) => (s: AppState): AppState => ({ ...s, sideTab: tab });

export const setPresentation = (on: boolean) => (s: AppState): AppState => ({ ...s, presentation: on });

/** Opens a dialog (closing any other: one at a time), or closes it when it is the one open. */
export const toggleDialog = (name: DialogName) => (s: AppState): AppState => ({ ...s, dialog: s.dialog === name ? null : name });
/** Closes the open dialog; closing the tour marks it seen. */
export const closeDialog = (s: AppState): AppState =>
  (s.dialog === null ? s : { ...s, dialog: null, toured: s.toured || s.dialog === 'tour' });

export const setColourBy = (by: AppState['colourBy']) => (s: AppState): AppState => ({ ...s, colourBy: by });

export const setGroupBy = (by: GroupBy) => (s: AppState): AppState => ({ ...s, groupBy: by });
