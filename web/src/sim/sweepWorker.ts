/// <reference lib="webworker" />
// A sweep worker: plans a sweep (the core checks it) and runs its jobs, one at a time, each a
// scenario of its own; the Sweep tab runs one per core. A thin adapter to the wasm binding.
import * as Comlink from 'comlink';
import init, * as core from '../../../wasm-core/wasm/pkg/sched_wasm.js';

// No top-level await: expose synchronously, and let every method wait for the module.
const ready = init();

/** Events simulated between two progress reports. */
const CHUNK_EVENTS = 200_000;

/** The sweep this worker planned last (its jobs share it). */
let planned: { text: string; plan: core.SweepPlan } | null = null;

function plan(text: string): core.SweepPlan {
  if (planned?.text !== text) {
    planned?.plan.free();
    planned = null;
    planned = { text, plan: core.sweep_plan(text) };
  }
  return planned.plan;
}

const api = {
  /** Checks the sweep (throws "field.path: problem"); its number of jobs. */
  async plan(text: string): Promise<number> {
    await ready;
    return plan(text).jobs();
  },

  /** Runs job `job` in chunks, reporting its progress (0..1): its row, a line of the tidy CSV. */
  async runJob(text: string, job: number, onProgress?: (p: number) => void): Promise<string> {
    await ready;
    const p = plan(text);
    const handle = core.start_run(p.scenario(job), 0);
    let progress = 0;
    while (progress < 1) {
      progress = handle.advance(CHUNK_EVENTS);
      onProgress?.(progress);
    }
    const out = handle.finish();
    try {
      return p.row(job, out);
    } finally {
      out.free();
    }
  },

  /** The tidy table (JSON and CSV) and the summary (JSON) of these rows. */
  async tables(text: string, lines: string[]): Promise<{ table: string; csv: string; summary: string }> {
    await ready;
    const p = plan(text);
    return { table: p.table(lines), csv: p.csv(lines), summary: p.summary(lines) };
  },
};

export type SweepWorkerApi = typeof api;

Comlink.expose(api);
