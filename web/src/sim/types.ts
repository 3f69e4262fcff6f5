// Types of what the wasm core returns (see wasm-core/wasm/README.md, the binding contract). The
// run summary and the trace's codes come from ../generated/, which `npm run schema` generates
// from scenarios/results.schema.json; only what crosses from the worker as typed arrays is
// declared here.
import type { RunSummary } from '../generated/results';

export type {
  CongestionBucket, DropReason, EventKind as EventKindName, MarkReason, Mode as ReplayMode, OverduePacket, ReplayReport, RunSummary,
} from '../generated/results';
export {
  DROP_REASON_LABELS, DROP_REASONS, EVENT_KIND_LABELS, EVENT_KINDS, EventKind, MARK_REASON_LABELS, MARK_REASONS,
} from '../generated/vocabulary';

export type NodeSummary = RunSummary['nodes'][number];
export type LinkSummary = RunSummary['links'][number];
export type PortSummary = RunSummary['ports'][number];
export type FlowSummary = RunSummary['flows'][number];
export type QueueSeries = RunSummary['queue_series'][number];

/** The trace as columns: event i is (time[i], kind[i], packet[i], flow[i], loc[i], value[i]). */
export interface TraceColumns {
  time: Float64Array;
  kind: Uint8Array;
  packet: Uint32Array;
  flow: Uint32Array;
  loc: Uint32Array;
  value: Float64Array;
}

/** One finished run as the main thread sees it. */
export interface RunResult {
  summary: RunSummary;
  trace: TraceColumns;
}
