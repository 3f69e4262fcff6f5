/// <reference lib="webworker" />
// The simulation worker: a thin adapter from Comlink calls to the wasm binding. No logic here.
import * as Comlink from 'comlink';
import init, { run_scenario, validate_scenario } from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import type { RunResult, RunSummary } from './types';

// No top-level await: expose synchronously, and let every method wait for the module.
const ready = init();

const api = {
  /** `null` when the scenario is valid, else the core's message ("field.path: problem"). */
  async validate(scenarioText: string): Promise<string | null> {
    await ready;
    return validate_scenario(scenarioText) ?? null;
  },

  /** Simulates the scenario in full and returns the summary plus the stored trace columns. */
  async run(scenarioText: string, maxTraceEvents: number): Promise<RunResult> {
    await ready;
    const out = run_scenario(scenarioText, maxTraceEvents);
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
  },
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
