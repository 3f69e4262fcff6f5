/// <reference lib="webworker" />
// The benchmark worker: runs one benchmark scenario with the core's run_benchmark (trusted
// limits, trace budget 0), once and then `later` more times in the same module, and reports
// the figures. Wall time is measured here, around each wasm call only; a browser has no
// CPU-time clock. Every run must give the first run's trace hash.
import init, { run_benchmark } from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import type { BenchResult } from './table';

export interface BenchRequest {
  name: string;
  text: string;
  /** Runs after the first. */
  later: number;
}
export type BenchReply = { ok: true; result: BenchResult } | { ok: false; name: string; error: string };

const ready = init();

interface SummaryPart {
  events_total: number;
  trace_hash: string;
  flows: { delivered: number }[];
}

function runOnce(text: string): { wallS: number; summary: SummaryPart } {
  const t0 = performance.now();
  const out = run_benchmark(text);
  const wallS = (performance.now() - t0) / 1000;
  try {
    return { wallS, summary: JSON.parse(out.summary()) as SummaryPart };
  } finally {
    out.free();
  }
}

self.onmessage = async (e: MessageEvent<BenchRequest>) => {
  const { name, text, later } = e.data;
  let reply: BenchReply;
  try {
    const wasm = await ready;
    const first = runOnce(text);
    const laterWallS: number[] = [];
    for (let i = 0; i < later; i++) {
      const run = runOnce(text);
      if (run.summary.trace_hash !== first.summary.trace_hash) {
        throw new Error(`run ${i + 2} gave trace hash ${run.summary.trace_hash}, the first ${first.summary.trace_hash}`);
      }
      laterWallS.push(run.wallS);
    }
    const s = first.summary;
    const memory = (wasm as { memory?: WebAssembly.Memory }).memory;
    reply = {
      ok: true,
      result: {
        name,
        events: s.events_total,
        delivered: s.flows.reduce((sum, f) => sum + f.delivered, 0),
        firstWallS: first.wallS,
        laterWallS,
        memoryBytes: memory ? memory.buffer.byteLength : null,
        traceHash: s.trace_hash,
      },
    };
  } catch (err) {
    reply = { ok: false, name, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
