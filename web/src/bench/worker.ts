/// <reference lib="webworker" />
// The benchmark worker: runs one benchmark scenario per message with the core's run_benchmark
// (trusted limits, trace budget 0) and reports the figures. Wall time is measured here, around
// the wasm call only; a browser has no CPU-time clock.
import init, { run_benchmark } from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import type { BenchResult } from './table';

export interface BenchRequest {
  name: string;
  text: string;
}
export type BenchReply = { ok: true; result: BenchResult } | { ok: false; name: string; error: string };

const ready = init();

interface SummaryPart {
  events_total: number;
  trace_hash: string;
  flows: { delivered: number }[];
}

self.onmessage = async (e: MessageEvent<BenchRequest>) => {
  const { name, text } = e.data;
  let reply: BenchReply;
  try {
    const wasm = await ready;
    const t0 = performance.now();
    const out = run_benchmark(text);
    const wallS = (performance.now() - t0) / 1000;
    let s: SummaryPart;
    try {
      s = JSON.parse(out.summary()) as SummaryPart;
    } finally {
      out.free();
    }
    const memory = (wasm as { memory?: WebAssembly.Memory }).memory;
    reply = {
      ok: true,
      result: {
        name,
        events: s.events_total,
        delivered: s.flows.reduce((sum, f) => sum + f.delivered, 0),
        wallS,
        memoryBytes: memory ? memory.buffer.byteLength : null,
        traceHash: s.trace_hash,
      },
    };
  } catch (err) {
    reply = { ok: false, name, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
