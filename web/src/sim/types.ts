// Types of what the wasm core returns (see wasm-core/wasm/README.md, the binding contract).

/** Trace event kinds, as encoded in `trace_kind()`. */
export const EventKind = {
  Arrive: 0,
  Enqueue: 1,
  Dequeue: 2,
  Depart: 3,
  Drop: 4,
  Deliver: 5,
  Preempt: 6,
} as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

export const DROP_REASONS = ['buffer_full', 'push_out', 'aqm', 'aifo_admission', 'pifo_overflow'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** The trace as columns: event i is (time[i], kind[i], packet[i], flow[i], loc[i], value[i]). */
export interface TraceColumns {
  time: Float64Array;
  kind: Uint8Array;
  packet: Uint32Array;
  flow: Uint32Array;
  loc: Uint32Array;
  value: Float64Array;
}

export interface NodeSummary {
  id: string;
  kind: 'host' | 'router';
  pos: [number, number] | null;
}

export interface LinkSummary {
  from: number;
  to: number;
  bandwidth_bps: number | null;
  delay_ns: number;
}

export interface PortSummary {
  node: number;
  to: number;
  link: number;
  bandwidth_bps: number | null;
  delay_ns: number;
  buffer_bytes: number | null;
  scheduler: string;
  key_label: string;
  stats: {
    arrived: number;
    enqueued: number;
    dequeued: number;
    queued_at_end: number;
    dropped: Record<DropReason, number>;
    max_packets: number;
    max_bytes: number;
    mean_wait_ns: number | null;
    utilization: number;
  };
}

export interface FlowSummary {
  id: string;
  kind: string;
  src: number;
  dst: number;
  sent: number;
  delivered: number;
  dropped: number;
  in_flight: number;
  delay_ns: { mean: number; p50: number; p99: number; max: number } | null;
}

export interface QueueSeries {
  port: number;
  t_ns: number[];
  packets: number[];
  bytes: number[];
}

export interface RunSummary {
  format: 'scheduler-playground/results';
  version: 1;
  scenario: { name: string; description: string };
  seed: number;
  duration_ns: number;
  end_ns: number;
  trace_hash: string;
  events_total: number;
  trace_stored: number;
  trace_truncated: boolean;
  trace_end_ns: number;
  nodes: NodeSummary[];
  links: LinkSummary[];
  ports: PortSummary[];
  flows: FlowSummary[];
  queue_series: QueueSeries[];
  totals: { sent: number; delivered: number; dropped: number; in_network: number };
  /** UPS replay reports (a scenario with a `replay` section, or a `run_replay` run). */
  replays?: ReplayReport[];
}

export type ReplayMode = 'lstf' | 'lstf_preemptive' | 'edf' | 'priority' | 'omniscient';

export interface CongestionBucket {
  /** Congestion points in the original; the last bucket is "this many or more". */
  points: number;
  packets: number;
  overdue: number;
  overdue_fraction: number | null;
}

export interface OverduePacket {
  original_id: number;
  /** The packet's id in the replay trace. */
  replay_id: number;
  flow: number;
  /** o(p), and o'(p) (null: never left the egress in the replay). */
  exit_ns: number;
  replay_exit_ns: number | null;
  late_by_ns: number | null;
  /** Where (port index) and when its slack went negative (the departure there). */
  port: number;
  at_ns: number;
  congestion_points: number;
}

/** A replay report (wasm-core/wasm/README.md, `replays`). */
export interface ReplayReport {
  mode: ReplayMode;
  trace_hash: string;
  packets: number;
  excluded_dropped: number;
  excluded_unfinished: number;
  excluded_direct: number;
  t_ns: number;
  overdue: number;
  overdue_fraction: number;
  overdue_by_t: number;
  overdue_by_t_fraction: number;
  /** 101 quantiles of replay / original queueing delay (packets that queued in the original). */
  qdelay_ratio_cdf: number[];
  zero_delay_packets: number;
  by_congestion_points: CongestionBucket[];
  /** The first overdue packets (at most 2000), by the time they went wrong. */
  overdue_packets: OverduePacket[];
  /** The original packet id of every replay packet id. */
  original_ids: number[];
}

/** One finished run as the main thread sees it. */
export interface RunResult {
  summary: RunSummary;
  trace: TraceColumns;
}
