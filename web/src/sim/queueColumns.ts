// The run summary's queue series as typed arrays: the worker turns the core's JSON number
// arrays into Float64Arrays (exact: every value is an integer below 2^53) and transfers them
// with the trace, so the page's thread receives them without a structured-clone copy.
import type { CoreSummary, RunSummary } from './types';

/** The summary with each port's queue series as typed arrays. */
export function withQueueColumns(core: CoreSummary): RunSummary {
  return {
    ...core,
    queue_series: core.queue_series.map((s) => ({
      port: s.port, t_ns: Float64Array.from(s.t_ns), packets: Float64Array.from(s.packets), bytes: Float64Array.from(s.bytes),
    })),
  };
}

/** The buffers of the summary's queue series (to transfer them). */
export function queueBuffers(summary: RunSummary): ArrayBuffer[] {
  return summary.queue_series.flatMap((s) => [s.t_ns.buffer, s.packets.buffer, s.bytes.buffer] as ArrayBuffer[]);
}
