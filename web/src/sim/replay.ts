// The replay view's model: which packets are overdue at a time t and the report's rows in
// words. Pure TypeScript, no DOM. Every figure comes from the core: the report (Table 1, the
// first overdue packets) and the columns of every overdue packet (where its slack went
// negative, when, by how much); a queued packet's slack is its key (a deadline) against the
// playhead (view/values.ts). Loaded with the Replay tab and view (components/lazy.tsx); what the
// main script needs of replays (names, the original's schedulers) is in replayNames.ts.
import { portName } from './packetPath';
import { upperBound } from './search';
import type { PortQueue, QueuedPacket } from './playback';
import { defaultReplayName, modeInfo, preemptiveByDefault } from './replayNames';
import type { ModeInfo, OverdueColumns, OverduePacket, ReplayMode, ReplayReport, RunSummary } from './types';

export { defaultReplayName, modeInfo, originalSchedulers, preemptiveByDefault } from './replayNames';

/**
 * What a replay is, in words, from the core's replay catalog (`modes`): "LSTF", "EDF,
 * preemptive", "a<b<c: Simple priorities o(p), preemptive".
 */
export function replayLabel(modes: readonly ModeInfo[], r: { readonly name: string; readonly mode: ReplayMode; readonly preemptive: boolean }): string {
  const service = r.preemptive === preemptiveByDefault(modes, r.mode) ? '' : r.preemptive ? ', preemptive' : ', non-preemptive';
  const base = `${modeInfo(modes, r.mode)?.display ?? r.mode}${service}`;
  return r.name === defaultReplayName(modes, r.mode, r.preemptive) ? base : `${r.name}: ${base}`;
}

/** A replay the scenario lists (`replay.modes`), as the Replay tab offers it. */
export interface ListedReplay {
  readonly name: string;
  readonly mode: ReplayMode;
  readonly preemptive: boolean;
  readonly label: string;
}

type Entry = string | { readonly mode: ReplayMode; readonly preemptive?: boolean | null; readonly name?: string | null };

/**
 * The replays a scenario lists, named as the core names them: a name is looked up among the
 * catalog's (`modes`) names, an object takes the catalog's default service and name where it
 * gives none (entries the catalog cannot name are skipped).
 */
export function listedReplays(modes: readonly ModeInfo[], entries: readonly Entry[] | undefined | null): ListedReplay[] {
  const out: ListedReplay[] = [];
  for (const e of entries ?? []) {
    let r: { name: string; mode: ReplayMode; preemptive: boolean } | undefined;
    if (typeof e === 'string') {
      const m = modes.find((x) => x.name_nonpreemptive === e || x.name_preemptive === e);
      if (m) r = { name: e, mode: m.mode, preemptive: m.name_preemptive === e };
    } else {
      const preemptive = e.preemptive ?? preemptiveByDefault(modes, e.mode);
      const name = e.name ?? defaultReplayName(modes, e.mode, preemptive);
      if (name !== undefined) r = { name, mode: e.mode, preemptive };
    }
    if (r) out.push({ ...r, label: replayLabel(modes, r) });
  }
  return out;
}

/** Where and when a replay packet went wrong. */
export interface WentWrong {
  readonly replayId: number;
  readonly port: number;
  readonly atNs: number;
}

/** Every overdue packet the core lists in columns, as WentWrong records. */
export function wentWrong(columns: OverdueColumns | undefined): WentWrong[] {
  if (!columns) return [];
  return Array.from(columns.replayId, (replayId, i) => ({ replayId, port: columns.port[i] as number, atNs: columns.at[i] as number }));
}

/**
 * Overdue packets by the time they went wrong: a packet is marked from its `at_ns` on (it stays
 * marked until it leaves the network). Built from the report's list (`rows`), plus the core's
 * columns of every overdue packet (`more`; listed rows win).
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

  /**
   * The moment with the most listed overdue packets in flight (gone wrong, not yet out of the
   * network), the earliest such; null without overdue packets.
   */
  busiestMoment(): number | null {
    const steps: [number, number][] = [];
    for (const r of this.rows) {
      steps.push([r.at_ns, 1]);
      // Never out (dropped, or still in the network at the end): in flight from then on.
      const exit = r.replay_exit_ns;
      if (exit !== undefined && exit !== null && exit > r.at_ns) steps.push([exit, -1]);
    }
    // Leaving before arriving at the same instant: a packet counts while it is in flight.
    steps.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let best: [number, number] | null = null;
    for (const [t, d] of steps) {
      now += d;
      if (d > 0 && (best === null || now > best[1])) best = [t, now];
    }
    return best?.[0] ?? null;
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
    return upperBound(this.at, t);
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
  queues: readonly PortQueue[], inFlight: readonly { packet: number; port: number; progress: number }[], packet: number,
): PacketPlace {
  for (let port = 0; port < queues.length; port++) {
    const q = queues[port] as PortQueue;
    const i = q.head.findIndex((e) => e.packet === packet);
    if (i >= 0) return { where: 'queue', port, place: i + 1, of: q.length, entry: q.head[i] as QueuedPacket };
  }
  const f = inFlight.find((e) => e.packet === packet);
  return f ? { where: 'link', port: f.port, progress: f.progress } : { where: 'none' };
}
