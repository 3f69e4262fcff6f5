// The replay view's model: which packets are overdue at a time t, the slack of a queued
// packet, and the report's rows in words. Pure TypeScript, no DOM.
//
// Slack. For LSTF and EDF ports the enqueue key is the latest time the packet's last bit may
// leave this port and still reach its egress by o(p) on an otherwise empty path: LSTF
// `slack + arrival + T`, EDF `o(p) - t_min(rest of path) + T` (the same number for the first
// hop of a replay). So at time t, a queued packet whose transmission started now would have
//     slack(t) = key - T - t,     T = ceil(size * 8e9 / bandwidth) ns (its transmission time)
// left: how much longer it can wait here. It is negative once the packet can no longer make
// its target; a packet put back by preemption has only T - (service received) left to send.
// Priority and omniscient ports order by a rank (o(p), or the per-hop o(p, a)): shown as is.
import { portName } from './packetPath';
import type { QueuedPacket } from './playback';
import { EventKind, type OverduePacket, type ReplayMode, type ReplayReport, type RunSummary, type TraceColumns } from './types';

export const REPLAY_MODES: readonly { mode: ReplayMode; label: string; summary: string }[] = [
  { mode: 'lstf', label: 'LSTF', summary: 'Least slack time first, slack = o(p) − i(p) − t_min in the header (non-preemptive, as in Table 1).' },
  { mode: 'lstf_preemptive', label: 'LSTF, preemptive', summary: 'LSTF with preemptive-resume service.' },
  { mode: 'edf', label: 'EDF', summary: 'Earliest deadline first, deadline o(p): per-router priority o(p) − t_min(rest) + T.' },
  { mode: 'priority', label: 'Simple priorities o(p)', summary: 'Static priority = the original exit time o(p), the "most intuitive" choice.' },
  { mode: 'omniscient', label: 'Omniscient header', summary: 'The per-hop original times o(p, a) as priorities, preemptive: no packet is overdue.' },
];

export const modeLabel = (mode: ReplayMode): string => REPLAY_MODES.find((m) => m.mode === mode)?.label ?? mode;

/** Whether a mode's queue keys are deadlines for the last bit (so slack can be shown). */
export const showsSlack = (mode: ReplayMode): boolean => mode === 'lstf' || mode === 'lstf_preemptive' || mode === 'edf';

/** Transmission time of `bytes` at `bps`, in whole ns rounded up (as the core computes it). */
export function txTimeNs(bytes: number, bps: number | null): number {
  if (bps === null || bps <= 0) return 0;
  const bits = bytes * 8e9; // exact: an integer below 2^53 for any packet size
  let q = Math.floor(bits / bps);
  while (q * bps < bits) q++;
  while (q > 0 && (q - 1) * bps >= bits) q--;
  return q;
}

/** Packet sizes (bytes) by packet id, from each packet's first arrive event (0 when unseen). */
export function packetSizes(trace: TraceColumns): Uint32Array {
  let max = -1;
  for (let i = 0; i < trace.packet.length; i++) max = Math.max(max, trace.packet[i] as number);
  const sizes = new Uint32Array(max + 1);
  for (let i = 0; i < trace.kind.length; i++) {
    if (trace.kind[i] !== EventKind.Arrive) continue;
    const p = trace.packet[i] as number;
    if (sizes[p] === 0) sizes[p] = trace.value[i] as number;
  }
  return sizes;
}

/** Remaining slack (ns) at time t of a packet queued with `key`, `txNs` still to send. */
export const slackAt = (key: number, txNs: number, t: number): number => key - txNs - t;

/** Service (ns) a queued packet already received: set when its enqueue follows its preemption. */
export function servedBefore(trace: TraceColumns, enqueueIndex: number): number {
  const i = enqueueIndex - 1;
  if (i < 0 || trace.kind[i] !== EventKind.Preempt) return 0;
  return trace.packet[i] === trace.packet[enqueueIndex] && trace.loc[i] === trace.loc[enqueueIndex] ? (trace.value[i] as number) : 0;
}

/** "−2.35 µs", "+120 µs": a slack with its sign, short. */
export function formatSlack(ns: number): string {
  const sign = ns < 0 ? '−' : '+';
  const a = Math.abs(ns);
  const trim = (x: number) => Number(x.toPrecision(3)).toString();
  if (a < 1e3) return `${sign}${trim(a)}ns`;
  if (a < 1e6) return `${sign}${trim(a / 1e3)}µs`;
  if (a < 1e9) return `${sign}${trim(a / 1e6)}ms`;
  return `${sign}${trim(a / 1e9)}s`;
}

/** What a queued packet's cell says in the replay view: its slack, or its priority. */
export interface QueueLabeller {
  /** The slack (ns) at t, or null when the mode has no slack (priority, omniscient). */
  slack(q: QueuedPacket, port: number, t: number): number | null;
  label(q: QueuedPacket, port: number, t: number): string;
}

export function queueLabeller(mode: ReplayMode, summary: RunSummary, trace: TraceColumns, sizes: Uint32Array): QueueLabeller {
  const slack = (q: QueuedPacket, port: number, t: number): number | null => {
    if (!showsSlack(mode)) return null;
    const size = sizes[q.packet] ?? 0;
    const tx = Math.max(0, txTimeNs(size, summary.ports[port]?.bandwidth_bps ?? null) - servedBefore(trace, q.seq));
    return slackAt(q.key, tx, t);
  };
  return {
    slack,
    label: (q, port, t) => {
      const s = slack(q, port, t);
      return s === null ? `p ${(q.key / 1e6).toFixed(3)}` : formatSlack(s);
    },
  };
}

/** Where and when a replay packet went wrong. */
export interface WentWrong {
  readonly replayId: number;
  readonly port: number;
  readonly atNs: number;
}

/**
 * Every packet of an LSTF or EDF replay trace whose slack went negative: the first hop where
 * its slack when its transmission started (key - T - start) was below 0, and the moment its
 * last bit left that hop. This is the report's rule (o(p) missed even on an empty path from
 * there), read from the keys, so it finds the overdue packets beyond the report's list too.
 */
export function wentWrongFromSlack(trace: TraceColumns, summary: RunSummary, sizes: Uint32Array): WentWrong[] {
  const n = sizes.length;
  const key = new Float64Array(n);
  const served = new Float64Array(n);
  const pendingServed = new Float64Array(n);
  const wrongPort = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const out: WentWrong[] = [];
  const { kind, packet, loc, value, time } = trace;
  for (let i = 0; i < kind.length; i++) {
    const p = packet[i] as number;
    if (done[p]) continue;
    const k = kind[i] as number;
    if (k === EventKind.Preempt) pendingServed[p] = value[i] as number;
    else if (k === EventKind.Enqueue) {
      key[p] = value[i] as number;
      served[p] = pendingServed[p] as number;
      pendingServed[p] = 0;
    } else if (k === EventKind.Dequeue && (wrongPort[p] as number) < 0) {
      const port = loc[i] as number;
      const tx = txTimeNs(sizes[p] as number, summary.ports[port]?.bandwidth_bps ?? null) - (served[p] as number);
      if (slackAt(key[p] as number, tx, time[i] as number) < 0) wrongPort[p] = port;
    } else if (k === EventKind.Depart && wrongPort[p] === (loc[i] as number)) {
      out.push({ replayId: p, port: loc[i] as number, atNs: time[i] as number });
      done[p] = 1;
    }
  }
  return out;
}

/**
 * Overdue packets by the time they went wrong: a packet is marked from its `at_ns` on (it stays
 * marked until it leaves the network). Built from the report's list (`rows`), plus packets found
 * overdue beyond it (`more`, from their slack; listed rows win).
 */
export class OverdueIndex {
  readonly rows: readonly OverduePacket[];
  /** Every packet marked: the rows and the others. */
  readonly marked: number;
  private readonly byReplay = new Map<number, OverduePacket>();
  private readonly byOriginal = new Map<number, OverduePacket>();
  private readonly wrong = new Map<number, WentWrong>();
  private readonly originalWrong = new Map<number, number>();
  private readonly at: Float64Array;
  private readonly order: WentWrong[];

  constructor(rows: readonly OverduePacket[], more: readonly WentWrong[] = [], originalIds: readonly number[] = []) {
    this.rows = [...rows].sort((a, b) => a.at_ns - b.at_ns || a.replay_id - b.replay_id);
    for (const r of this.rows) {
      this.byReplay.set(r.replay_id, r);
      this.byOriginal.set(r.original_id, r);
      this.wrong.set(r.replay_id, { replayId: r.replay_id, port: r.port, atNs: r.at_ns });
      this.originalWrong.set(r.original_id, r.at_ns);
    }
    for (const w of more) {
      if (this.wrong.has(w.replayId)) continue;
      this.wrong.set(w.replayId, w);
      const original = originalIds[w.replayId];
      if (original !== undefined) this.originalWrong.set(original, w.atNs);
    }
    this.order = [...this.wrong.values()].sort((a, b) => a.atNs - b.atNs || a.replayId - b.replayId);
    this.at = Float64Array.from(this.order, (w) => w.atNs);
    this.marked = this.order.length;
  }

  /** The replay packet `id` has gone wrong by time t. */
  isOverdue(id: number, t: number): boolean {
    const w = this.wrong.get(id);
    return w !== undefined && w.atNs <= t;
  }

  /** The original packet `id`'s replay has gone wrong by time t. */
  originalOverdue(id: number, t: number): boolean {
    const at = this.originalWrong.get(id);
    return at !== undefined && at <= t;
  }

  /** Where and when the replay packet `id` went wrong (listed or not). */
  wentWrong(id: number): WentWrong | undefined {
    return this.wrong.get(id);
  }

  row(replayId: number): OverduePacket | undefined {
    return this.byReplay.get(replayId);
  }

  /** How many marked packets have gone wrong by time t. */
  countAt(t: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.at[mid] as number) <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Packets that went wrong in (t - windowNs, t], with age 0 (now) .. 1 (window ago): the
   * `max` most recent, plus `always` (the followed packet) when it is in the window.
   */
  flashesAt(t: number, windowNs: number, max = Infinity, always: number | null = null): { packet: number; port: number; age: number }[] {
    const out: { packet: number; port: number; age: number }[] = [];
    if (windowNs <= 0) return out;
    for (let j = this.countAt(t) - 1; j >= 0; j--) {
      const w = this.order[j] as WentWrong;
      if (w.atNs <= t - windowNs) break;
      if (out.length < max || w.replayId === always) {
        out.push({ packet: w.replayId, port: w.port, age: Math.min(1, Math.max(0, (t - w.atNs) / windowNs)) });
      }
    }
    return out.reverse();
  }
}

/** One row of the overdue list, in words. */
export interface OverdueRow {
  readonly replayId: number;
  readonly originalId: number;
  readonly flow: string;
  readonly flowIndex: number;
  /** "late by 23.4 µs", or "never left" when the replay did not finish it. */
  readonly lateBy: number | null;
  readonly hop: string;
  readonly port: number;
  readonly atNs: number;
  readonly congestionPoints: number;
}

export function overdueRows(index: OverdueIndex, summary: RunSummary): OverdueRow[] {
  return index.rows.map((r) => ({
    replayId: r.replay_id,
    originalId: r.original_id,
    flow: summary.flows[r.flow]?.id ?? `flow ${r.flow}`,
    flowIndex: r.flow,
    lateBy: r.late_by_ns ?? null,
    hop: portName(summary, r.port),
    port: r.port,
    atNs: r.at_ns,
    congestionPoints: r.congestion_points,
  }));
}

/** The original's scheduler(s) at routers, for the view's title: "random", "fifo + sjf". */
export function originalSchedulers(summary: RunSummary): string {
  const names = new Set<string>();
  for (const p of summary.ports) if (summary.nodes[p.node]?.kind === 'router') names.add(p.scheduler);
  return names.size === 0 ? 'no routers' : [...names].join(' + ');
}

/** A Table 1 row: what, the count, the fraction. */
export interface MetricRow {
  readonly what: string;
  readonly value: string;
  readonly fraction: string;
  readonly testId: string;
}

const pct = (x: number | null, digits = 2) => (x === null ? '–' : `${(x * 100).toFixed(digits)}%`);
const count = (n: number) => n.toLocaleString('en');

export function table1Rows(r: ReplayReport): MetricRow[] {
  const rows: MetricRow[] = [
    { what: 'packets replayed', value: count(r.packets), fraction: '', testId: 'packets' },
    { what: 'left out: dropped / unfinished', value: `${count(r.excluded_dropped)} / ${count(r.excluded_unfinished)}`, fraction: '', testId: 'excluded' },
    { what: 'T (largest packet on the slowest link)', value: `${count(r.t_ns)} ns`, fraction: '', testId: 't' },
    { what: 'overdue', value: count(r.overdue), fraction: pct(r.overdue_fraction), testId: 'overdue' },
    { what: 'overdue by more than T', value: count(r.overdue_by_t), fraction: pct(r.overdue_by_t_fraction, 3), testId: 'overdue-by-t' },
  ];
  for (const b of r.by_congestion_points) {
    const last = b.points === r.by_congestion_points.length - 1 && b.points >= 4;
    rows.push({
      what: `overdue with ${b.points}${last ? '+' : ''} congestion point${b.points === 1 ? '' : 's'}`,
      value: `${count(b.overdue)} of ${count(b.packets)}`,
      fraction: pct(b.overdue_fraction ?? null),
      testId: `cp-${b.points}`,
    });
  }
  return rows;
}

/** Where a packet is at a frame: queued at a port (with its place in line), on a link, or neither. */
export type PacketPlace =
  | { readonly where: 'queue'; readonly port: number; readonly place: number; readonly of: number; readonly entry: QueuedPacket }
  | { readonly where: 'link'; readonly port: number; readonly progress: number }
  | { readonly where: 'none' };

export function locatePacket(
  queues: readonly (readonly QueuedPacket[])[], inFlight: readonly { packet: number; port: number; progress: number }[], packet: number,
): PacketPlace {
  for (let port = 0; port < queues.length; port++) {
    const q = queues[port] as readonly QueuedPacket[];
    const i = q.findIndex((e) => e.packet === packet);
    if (i >= 0) return { where: 'queue', port, place: i + 1, of: q.length, entry: q[i] as QueuedPacket };
  }
  const f = inFlight.find((e) => e.packet === packet);
  return f ? { where: 'link', port: f.port, progress: f.progress } : { where: 'none' };
}
