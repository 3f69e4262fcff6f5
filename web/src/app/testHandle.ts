// A small typed handle for end-to-end tests: window.__playground. main.tsx loads it beside the
// first run, not before the first paint (issue 20); the tests poll it. What the mounted views
// report to it is in probes.ts.
import { jumpToEvent, seek, type AppState, type DialogName, type RunState } from '../store/appState';
import type { Store } from '../store/store';
import type { RunPhase } from '../sim/types';
import type { DrawnFrame } from '../view/packetLayer';
import type { Controller } from './controller';
import { chartProbe, viewProbe } from './probes';

/** Trace columns as plain arrays (for tests that recompute queues from the trace). */
export interface TraceDump {
  time: number[];
  kind: number[];
  packet: number[];
  flow: number[];
  loc: number[];
  value: number[];
}

export interface PlaygroundHandle {
  traceHash(): string | null;
  chartPointCount(): number;
  playhead(): number;
  cursor(): number;
  runState(): RunState;
  /** The open dialog, if any (the tour's chunk may still be loading when it is 'tour'). */
  dialog(): DialogName | null;
  /** How many runs have finished since the page loaded. */
  runsFinished(): number;
  /**
   * The phases the run indicator has shown since the handle was installed, in order (a phase
   * once per stretch): 'checking' each time the worker checked a scenario (issue 42: once per Run).
   */
  runPhases(): RunPhase[];
  /** The draft scenario being edited. */
  draft(): unknown;
  /** The whole stored trace of the current run (null without a run). */
  trace(): TraceDump | null;
  /**
   * The time (ns) of the stored trace's last event and the event count (null without a run):
   * what a test that seeks through a run needs, without copying a large trace out of the page.
   */
  traceExtent(): { endNs: number; events: number } | null;
  /** Ports of the current run: node id and far-end id. */
  ports(): { node: string; to: string; key: string; unit: string }[];
  /** The run's flow ids, by flow index. */
  flowIds(): string[];
  /** The labels of the core's flow-size buckets (fct.by_size), in order. */
  sizeBucketLabels(): string[];
  /** What the animation drew last (null when nothing is mounted). */
  drawn(): DrawnFrame | null;
  /** Moves the playhead to just after trace event `index` (paused). */
  jumpToEvent(index: number): void;
  /** Moves the playhead to simulated time t (ns), paused. */
  seek(t: number): void;
  /** The replay beside the run (null: none): its mode, report counts, and what is marked now. */
  replay(): ReplayInfo | null;
  /** What the replay view drew last (null when it is not mounted). */
  replayDrawn(): DrawnFrame | null;
  /** The comparison, if one has run: its runs' labels and trace hashes, and whether it is on screen. */
  comparison(): ComparisonInfo | null;
  /** What panel `i` of the compare view drew last (null when it is not mounted). */
  compareDrawn(i: number): DrawnFrame | null;
}

export interface ComparisonInfo {
  view: string;
  state: string;
  labels: string[];
  hashes: string[];
  schedulers: string[][];
  /** Per run, what its middleboxes' CPU stages ran (the core's answer). */
  cpus: string[][];
  endNs: number;
}

export interface ReplayInfo {
  /** The replay's name ("lstf", "edf_preemptive", a name the scenario gives). */
  name: string;
  mode: string;
  preemptive: boolean;
  state: string;
  overdue: number;
  overdueByT: number;
  /** Overdue packets the report lists, and all the page marks red. */
  listed: number;
  marked: number;
  /** Listed packets gone wrong by the playhead. */
  wrongNow: number;
  followed: number | null;
  /** The first listed overdue packet: replay id, port and when it went wrong. */
  first: { replayId: number; originalId: number; port: number; atNs: number } | null;
  traceHash: string;
}

declare global {
  interface Window {
    __playground?: PlaygroundHandle;
  }
}


export function installTestHandle(store: Store<AppState>, controller: Controller): void {
  const run = () => store.getState().run;
  // This handle loads on demand: the first run (started by the boot script's early worker) may
  // have finished before it subscribes.
  let last = store.getState().run;
  let finished = last !== null ? 1 : 0;
  const phases: RunPhase[] = [];
  let shown: RunPhase | null = null;
  store.subscribe(() => {
    const s = store.getState();
    const r = s.run;
    if (r !== last && r !== null) finished++;
    last = r;
    const now = s.runState === 'running' ? s.runPhase : null;
    if (now !== null && now !== shown) phases.push(now);
    shown = now;
  });
  window.__playground = {
    runsFinished: () => finished,
    runPhases: () => [...phases],
    traceHash: () => run()?.result.summary.trace_hash ?? null,
    chartPointCount: () => chartProbe.pointCount(),
    playhead: () => store.getState().position.t,
    cursor: () => store.getState().position.cursor,
    runState: () => store.getState().runState,
    dialog: () => store.getState().dialog,
    draft: () => store.getState().history.present,
    trace: () => {
      const t = run()?.result.trace;
      if (!t) return null;
      return {
        time: Array.from(t.time), kind: Array.from(t.kind), packet: Array.from(t.packet),
        flow: Array.from(t.flow), loc: Array.from(t.loc), value: Array.from(t.value),
      };
    },
    traceExtent: () => {
      const t = run()?.result.trace;
      return t ? { endNs: t.time.at(-1) ?? 0, events: t.time.length } : null;
    },
    ports: () => {
      const s = run()?.result.summary;
      if (!s) return [];
      return s.ports.map((p) => ({ node: s.nodes[p.node]?.id ?? '', to: s.nodes[p.to]?.id ?? '', key: p.key.label, unit: p.key.unit }));
    },
    flowIds: () => run()?.result.summary.flows.map((f) => f.id) ?? [],
    sizeBucketLabels: () => run()?.result.summary.fct.by_size.map((b) => b.label) ?? [],
    drawn: () => viewProbe.drawn(),
    jumpToEvent: (index) => controller.store.dispatch(jumpToEvent(index)),
    seek: (t) => controller.store.dispatch((s) => ({ ...seek(t)(s), playing: false })),
    replay: () => {
      const s = store.getState();
      const r = s.replay;
      if (!r) return null;
      const first = r.overdue.rows[0];
      return {
        name: r.name,
        mode: r.mode,
        preemptive: r.preemptive,
        state: s.replayState,
        overdue: r.report.overdue,
        overdueByT: r.report.overdue_by_t,
        listed: r.overdue.rows.length,
        marked: r.overdue.marked,
        wrongNow: r.overdue.countAt(s.position.t),
        followed: s.replayFollowed,
        first: first ? { replayId: first.replay_id, originalId: first.original_id, port: first.port, atNs: first.at_ns } : null,
        traceHash: r.report.trace_hash,
      };
    },
    replayDrawn: () => viewProbe.replayDrawn(),
    comparison: () => {
      const s = store.getState();
      const c = s.comparison;
      if (!c) return null;
      return {
        view: s.view,
        state: s.compareState,
        labels: c.runs.map((r) => r.label),
        hashes: c.runs.map((r) => r.run.result.summary.trace_hash),
        // Per run, what its router ports ran (the core's answer).
        schedulers: c.runs.map(({ run }) => {
          const sum = run.result.summary;
          return sum.ports.filter((p) => sum.nodes[p.node]?.kind === 'router').map((p) => p.scheduler);
        }),
        cpus: c.runs.map(({ run }) => (run.result.summary.stages ?? []).map((st) => st.scheduler)),
        endNs: c.endNs,
      };
    },
    compareDrawn: (i) => viewProbe.compareDrawn[i]?.() ?? null,
  };
}
