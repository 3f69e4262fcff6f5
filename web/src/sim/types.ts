// Types of what the wasm core returns (see wasm-core/wasm/README.md, the binding contract). The
// run summary and the trace's codes come from ../generated/, which `npm run schema` generates
// from scenarios/results.schema.json; only what crosses from the worker as typed arrays is
// declared here.
import type { RunSummary as CoreSummary } from '../generated/results';

export type {
  CongestionBucket, DropReason, EventKind as EventKindName, MarkReason, Mode as ReplayMode, ModeInfo, OverduePacket,
  ReplayReport,
} from '../generated/results';
export {
  DROP_REASON_LABELS, DROP_REASONS, EVENT_KIND_LABELS, EVENT_KINDS, EventKind, MARK_REASON_LABELS, MARK_REASONS, PACKET_ROLES, PacketRole,
} from '../generated/vocabulary';

export type NodeSummary = RunSummary['nodes'][number];
export type LinkSummary = RunSummary['links'][number];
export type PortSummary = RunSummary['ports'][number];
export type FlowSummary = RunSummary['flows'][number];
/** The core's run summary as JSON gives it (queue series as number arrays). */
export type { CoreSummary };

/** A port's queue over time (the core's SeriesOut) as the worker hands it over: typed arrays, transferred, not cloned. */
export interface QueueSeries {
  readonly port: number;
  readonly t_ns: Float64Array;
  readonly packets: Float64Array;
  readonly bytes: Float64Array;
}

/**
 * The run summary as the page holds it: the core's, with its queue series as typed arrays
 * (sim/queueColumns.ts). On a large run they are most of the summary (5.4 of 9 MB as JSON on
 * UPS Table 1's row cut to 15 ms), and typed arrays cross from the worker without a copy.
 */
export type RunSummary = Omit<CoreSummary, 'queue_series'> & { queue_series: QueueSeries[] };

export type Unit = PortSummary['key']['unit'];
export type StateField = PortSummary['state'][number];

/**
 * The queues' heads in service order as they change (wasm-core/wasm/README.md, "View
 * records"): row i applies once the first `at[i]` events have: op 0 clears port `port[i]`'s
 * list, 1 removes the entry at `index[i]`, 2 inserts (`packet[i]`, `key[i]`) at `index[i]`,
 * 3 says the queue holds `packet[i]` packets in all.
 */
export interface OrderColumns {
  at: Uint32Array;
  port: Uint32Array;
  op: Uint8Array;
  index: Uint16Array;
  packet: Uint32Array;
  key: Float64Array;
}

export const OrderOp = { Clear: 0, Remove: 1, Insert: 2, Length: 3 } as const;

/** The schedulers' state as it changes: field `field[i]` of port `port[i]` holds
 * `values[start[i] .. start[i + 1]]` from event `at[i]` on. */
export interface StateColumns {
  at: Uint32Array;
  port: Uint32Array;
  field: Uint16Array;
  start: Uint32Array;
  values: Float64Array;
}

/** Each transmission's slack (runs that initialise slack, UPS Sec. 3): from event `at[i]` on,
 * packet `packet[i]` has `current[i]` ns of slack left of the `initial[i]` its ingress gave it. */
export interface SlackColumns {
  at: Uint32Array;
  packet: Uint32Array;
  initial: Float64Array;
  current: Float64Array;
}

/**
 * The trace as columns: event i is (time[i], kind[i], packet[i], flow[i], loc[i], value[i]),
 * about a packet whose role to its transport is role[i] (a PacketRole code: datagram, data, ACK, ...).
 */
export interface TraceColumns {
  time: Float64Array;
  kind: Uint8Array;
  packet: Uint32Array;
  flow: Uint32Array;
  loc: Uint32Array;
  value: Float64Array;
  role: Uint8Array;
  order: OrderColumns;
  state: StateColumns;
  slack: SlackColumns;
}

/** Every overdue packet of a replay (the report's JSON lists the first ones), by when it went wrong. */
export interface OverdueColumns {
  replayId: Uint32Array;
  port: Uint32Array;
  at: Float64Array;
  behind: Float64Array;
}

/** One finished run as the main thread sees it. */
/**
 * What a run in the worker is doing: checking its scenario (validation, the work budget), the
 * simulation, the core's summary, the playback index.
 */
export type RunPhase = 'checking' | 'simulating' | 'summarising' | 'preparing';

export interface RunResult {
  summary: RunSummary;
  trace: TraceColumns;
  /** A replay's overdue packets (absent for a plain run). */
  overdue?: OverdueColumns;
  /** The trace indexed for playback by the worker (a structured-cloned Playback: Playback.revive). */
  playback?: unknown;
  /** The counts that follow the playhead, built by the worker (a structured-cloned RunCounts: RunCounts.revive). */
  counts?: unknown;
}
