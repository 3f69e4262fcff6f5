/// <reference lib="webworker" />
// The simulation worker: a thin adapter from the page's calls (./rpc.ts) to the wasm binding. No logic here.
import * as core from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import { CheckedRun } from './checkedRun';
import { countTrace } from './countsIndex';
import { firstRunOver, fullReady, needFull, startOnFirst } from './modules';
import { DEFAULT_CHECKPOINT_EVERY } from './playback';
import { indexTrace } from './playbackIndex';
import { queueBuffers, withQueueColumns } from './queueColumns';
import { serve, transfer } from './rpc';
import type { CoreSummary, RunPhase, RunResult } from './types';

// No top-level await: expose synchronously, and let every method wait for the full module
// (./modules: the first module runs the first scenario before it has loaded). Awaiting `ready`
// starts its load if it has not started; the catalogs wait for it without (`fullReady`).
const ready: PromiseLike<void> = { then: (ok, fail) => needFull().then(ok, fail) };

/** The run a check started, taken by the Run that follows (a scenario is validated once per Run). */
const checked = new CheckedRun((text: string, max: number) => core.start_run(text, max));

/** Events simulated between two progress reports. */
const CHUNK_EVENTS = 200_000;

/** Hears a run's progress (0..1) in its phase: simulating, then summarising, then preparing the playback index. */
type Progress = (p: number, phase: RunPhase) => void;

/** A run's output or handle, from either module (./modules: the classes have the same methods). */
type Output = core.RunOutput;
type Handle = { advance(maxEvents: number): number; work(): string; finish(): Output };

function collect(out: Output, withOverdue = false, onProgress?: Progress): RunResult {
  try {
    const summary = withQueueColumns(JSON.parse(out.summary()) as CoreSummary);
    const order = {
      at: out.order_at(), port: out.order_port(), op: out.order_op(), index: out.order_index(),
      packet: out.order_packet(), key: out.order_key(),
    };
    const state = {
      at: out.state_at(), port: out.state_port(), field: out.state_field(), start: out.state_start(), values: out.state_values(),
    };
    const slack = { at: out.slack_at(), packet: out.slack_packet(), initial: out.slack_initial(), current: out.slack_current() };
    const events = {
      time: out.trace_time(), kind: out.trace_kind(), packet: out.trace_packet(), flow: out.trace_flow(),
      loc: out.trace_loc(), value: out.trace_value(), role: out.trace_role(),
    };
    const overdue = withOverdue
      ? { replayId: out.overdue_replay_id(), port: out.overdue_port(), at: out.overdue_at(), behind: out.overdue_behind() }
      : undefined;
    const columns: ArrayBufferView[] = [events, order, state, slack, overdue ?? {}].flatMap((g) => Object.values(g));
    const trace = { ...events, order, state, slack };
    // The playback index is built here, off the page's thread, reporting as it goes.
    onProgress?.(0, 'preparing');
    const playback = indexTrace(trace, summary.ports.length, DEFAULT_CHECKPOINT_EVERY, (done) => onProgress?.(done, 'preparing'));
    const counts = countTrace(trace);
    onProgress?.(1, 'preparing');
    const result: RunResult = { summary, trace, ...(overdue ? { overdue } : {}), playback, counts };
    return transfer(result, [...columns.map((c) => c.buffer as ArrayBuffer), ...playback.buffers(), ...counts.buffers(), ...queueBuffers(summary)]);
  } finally {
    out.free();
  }
}

/** Advances a started run to its end in chunks, reporting progress (0..1) between them. */
function finish(handle: Handle, onProgress?: Progress, withOverdue = false): RunResult {
  let progress = 0;
  while (progress < 1) {
    progress = handle.advance(CHUNK_EVENTS);
    onProgress?.(progress, 'simulating');
  }
  onProgress?.(0, 'summarising');
  return collect(handle.finish(), withOverdue, onProgress);
}

const api = {
  /** `null` when the scenario is valid, else the core's message ("field.path: problem"). */
  async validate(scenarioText: string): Promise<string | null> {
    await ready;
    return core.validate_scenario(scenarioText) ?? null;
  },

  /** The scheduler registry (JSON text). */
  async schedulers(): Promise<string> {
    await fullReady;
    return core.scheduler_registry();
  },

  /** The replay modes, their names and defaults (JSON text of the core's ReplayCatalog). */
  async replayCatalog(): Promise<string> {
    await fullReady;
    return core.replay_catalog();
  },

  /** Each group's FCT CDF (JSON number[][]): completed flow i is in group[i] and took fctNs[i] ns (throws "problem"). */
  async fctCdfs(groups: number, group: Uint32Array, fctNs: Float64Array): Promise<string> {
    await ready;
    return core.fct_cdfs(groups, group, fctNs);
  },

  /** The topology preset catalog (JSON text). */
  async presets(): Promise<string> {
    await fullReady;
    return core.preset_catalog();
  },

  /** The scenario as the editor edits it: preset expanded, node_schedulers folded (throws "path: problem"). */
  async editable(scenarioText: string): Promise<string> {
    await ready;
    return core.editable_scenario(scenarioText);
  },

  /** Which scheduler each port runs and the field that chose it (JSON text; throws "path: problem"). */
  async portSchedulers(scenarioText: string): Promise<string> {
    // The page asks as it boots: waits for the full module without hastening it, which would
    // load beside the first run (./modules.ts).
    await fullReady;
    return core.port_schedulers(scenarioText);
  },

  /**
   * Checks the scenario as a run does (validation, the work budget, the network: throws
   * "path: problem") and keeps the started run for the `run` of the same text that follows;
   * returns its estimated work (JSON).
   */
  async check(scenarioText: string, maxTraceEvents: number): Promise<string> {
    await ready;
    return checked.check(scenarioText, maxTraceEvents).work();
  },

  /**
   * Simulates the scenario in full, in chunks, calling `onProgress` (0..1) between them, and
   * returns the summary plus the stored trace columns. `onWork` hears the run's estimated CPU
   * and memory (JSON) once it is checked, before it simulates.
   */
  async run(scenarioText: string, maxTraceEvents: number, onProgress?: Progress, onWork?: (work: string) => void): Promise<RunResult> {
    // On the first module while the full one loads, when it runs the scenario (not when a
    // check has already started it on the full one).
    const onFirst = checked.holds(scenarioText, maxTraceEvents) ? null : await startOnFirst(scenarioText, maxTraceEvents);
    try {
      // Checked once: by the check before it, or here (start_run refuses a scenario past the
      // page's budget with the reason).
      const handle: Handle = onFirst ?? (await ready, checked.take(scenarioText, maxTraceEvents, () => onProgress?.(0, 'checking')));
      onWork?.(handle.work());
      return finish(handle, onProgress);
    } finally {
      if (onFirst) firstRunOver();
    }
  },

  /**
   * One run of a comparison: the scenario with `variant` (JSON {"scheduler", "routers"?})
   * applied by the core, on the scenario's seed; like `run` otherwise.
   */
  async runVariant(scenarioText: string, variant: string, maxTraceEvents: number, onProgress?: Progress): Promise<RunResult> {
    await ready;
    checked.drop();
    return finish(core.start_variant_run(scenarioText, variant, maxTraceEvents), onProgress);
  },

  /** The scenario's checks on a run with its seed: JSON text of the core's CheckReportOut (throws "path: problem"). */
  async checks(scenarioText: string): Promise<string> {
    await ready;
    return core.scenario_checks(scenarioText);
  },

  /** The gap Delta(t) between two runs' dequeued packets (AIFO Eq. 1): JSON text of the core's GapOut (throws "problem"). */
  async gap(a: string, b: string, endNs: number, windows: number): Promise<string> {
    await ready;
    return core.dequeue_gap(a, b, endNs, windows);
  },

  /**
   * Records the scenario's run and replays its schedule with `mode` (UPS Sec. 2.3): the replay
   * run, whose summary.replays[0] is the report. In chunks, calling `onProgress` (0..1: the
   * original, then the replay) between them; cancel terminates it.
   */
  async replay(scenarioText: string, mode: string, maxTraceEvents: number, onProgress?: Progress): Promise<RunResult> {
    await ready;
    checked.drop();
    return finish(core.start_replay_run(scenarioText, mode, maxTraceEvents), onProgress, true);
  },
};

export type SimWorkerApi = typeof api;

serve(api, self);
