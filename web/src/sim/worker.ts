/// <reference lib="webworker" />
// The simulation worker: a thin adapter from Comlink calls to the wasm binding. No logic here.
import * as Comlink from 'comlink';
import init, * as core from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import type { RunResult, RunSummary } from './types';

// No top-level await: expose synchronously, and let every method wait for the module.
const ready = init();

/** Functions of the binding contract that older core builds may lack (checked with typeof). */
interface OptionalCore {
  preset_catalog?: () => string;
  expand_topology?: (json: string) => string;
}
const optional = core as unknown as OptionalCore;

/** Events simulated between two progress reports. */
const CHUNK_EVENTS = 200_000;

function collect(out: core.RunOutput): RunResult {
  try {
    const summary = JSON.parse(out.summary()) as RunSummary;
    const trace = {
      time: out.trace_time(),
      kind: out.trace_kind(),
      packet: out.trace_packet(),
      flow: out.trace_flow(),
      loc: out.trace_loc(),
      value: out.trace_value(),
    };
    const buffers = Object.values(trace).map((column) => column.buffer as ArrayBuffer);
    return Comlink.transfer({ summary, trace }, buffers);
  } finally {
    out.free();
  }
}

const api = {
  /** `null` when the scenario is valid, else the core's message ("field.path: problem"). */
  async validate(scenarioText: string): Promise<string | null> {
    await ready;
    return core.validate_scenario(scenarioText) ?? null;
  },

  /** The scheduler registry (JSON text). */
  async schedulers(): Promise<string> {
    await ready;
    return core.scheduler_registry();
  },

  /** The topology preset catalog (JSON text), or null when this core build has no presets. */
  async presets(): Promise<string | null> {
    await ready;
    return typeof optional.preset_catalog === 'function' ? optional.preset_catalog() : null;
  },

  /** The scenario with a preset topology expanded into nodes and links (throws "path: problem"). */
  async expand(scenarioText: string): Promise<string> {
    await ready;
    if (typeof optional.expand_topology !== 'function') throw new Error('topology: presets are not available in this build of the core');
    return optional.expand_topology(scenarioText);
  },

  /**
   * Simulates the scenario in full, in chunks, calling `onProgress` (0..1) between them, and
   * returns the summary plus the stored trace columns.
   */
  async run(scenarioText: string, maxTraceEvents: number, onProgress?: (p: number) => void): Promise<RunResult> {
    await ready;
    const handle = core.start_run(scenarioText, maxTraceEvents);
    let progress = 0;
    while (progress < 1) {
      progress = handle.advance(CHUNK_EVENTS);
      onProgress?.(progress);
    }
    return collect(handle.finish());
  },

  /**
   * Records the scenario's run and replays its schedule with `mode` (UPS Sec. 2.3): the replay
   * run, whose summary.replays[0] is the report. One call (no progress); cancel terminates it.
   */
  async replay(scenarioText: string, mode: string, maxTraceEvents: number): Promise<RunResult> {
    await ready;
    return collect(core.run_replay(scenarioText, mode, maxTraceEvents));
  },
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
