// The UPS appendix's scripted schedules (scenarios/ups-theory/): schedules as the paper's
// tables, and what a lesson step marks in them. Pure TypeScript, no DOM. Every time comes from the core
// (the run's `schedule` table and a replay's), and so does which packets a replay makes late
// and by how much (the replay table's `late`, `late_by_ns`); here they are only grouped and
// printed in the scenario's unit.
import { parseTime } from '../scenario/units';
import type { ReplayReport, RunSummary } from './types';

export type ScheduleTable = NonNullable<RunSummary['schedule']>;

/** What a lesson step marks in a view: at `at` (in the original, or in the replay named), `node` and `packets` (named in the schedule), with the step's title. */
export interface ViewMark {
  readonly at: string;
  readonly replay?: string;
  readonly node: string;
  readonly packets: readonly string[];
  readonly text: string;
}

/** "3.2", "0", "2.5": a time in the table's unit, as the paper prints it. */
export function inUnits(ns: number | null | undefined, unitNs: number): string {
  if (ns === null || ns === undefined) return '–';
  return String(Number((ns / unitNs).toFixed(3)));
}

/** One entry of a table row: a packet at a node, "a(2, 4)". */
export interface Cell {
  readonly name: string;
  /** Packet id in the original run. */
  readonly packet: number;
  readonly arrive: number | null;
  readonly start: number | null;
  /** When it resumed after a preemption here (preemptive replays), else null. */
  readonly resumed: number | null;
  /** The packet is overdue in this replay, as the core flags it (leaves after its target, or never). */
  readonly late: boolean;
}

export interface Row {
  readonly node: string;
  readonly original: readonly Cell[];
  /** The same node in the replay (null: no replay). */
  readonly replay: readonly Cell[] | null;
}

const byStart = (a: Cell, b: Cell) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.packet - b.packet;

/**
 * The paper's table (Figs. 8-10): per router that is a congestion point of some packet, in
 * the scenario's order of nodes, every packet with its arrival and
 * scheduling time, in order of scheduling time; beside it the same in the replay.
 */
export function paperRows(summary: RunSummary, original: ScheduleTable, replay: ScheduleTable | null): Row[] {
  const nodes: number[] = [];
  const cells = new Map<number, { original: Cell[]; replay: Cell[] }>();
  const again = new Map((replay?.packets ?? []).map((p) => [p.id, p]));
  for (const p of original.packets) {
    const r = again.get(p.id);
    const late = r?.late ?? false;
    p.hops.forEach((h, k) => {
      if (!h.congestion_point) return;
      if (!cells.has(h.node)) {
        nodes.push(h.node);
        cells.set(h.node, { original: [], replay: [] });
      }
      const c = cells.get(h.node) as { original: Cell[]; replay: Cell[] };
      c.original.push({ name: p.name, packet: p.id, arrive: h.arrive_ns ?? null, start: h.start_ns ?? null, resumed: h.resumed_ns ?? null, late: false });
      const rh = r?.hops[k];
      if (r) c.replay.push({ name: p.name, packet: p.id, arrive: rh?.arrive_ns ?? null, start: rh?.start_ns ?? null, resumed: rh?.resumed_ns ?? null, late });
    });
  }
  return [...nodes].sort((a, b) => a - b).map((n) => {
    const c = cells.get(n) as { original: Cell[]; replay: Cell[] };
    return {
      node: summary.nodes[n]?.id ?? `node ${n}`,
      original: [...c.original].sort(byStart),
      replay: replay ? [...c.replay].sort(byStart) : null,
    };
  });
}

/** Every packet's target o(p) and, in a replay, its exit o'(p) and how late it was (the core's `late_by_ns`). */
export interface Exit {
  readonly name: string;
  readonly packet: number;
  readonly target: number | null;
  readonly replay: number | null;
  readonly lateBy: number | null;
}

export function exits(original: ScheduleTable, replay: ScheduleTable | null): Exit[] {
  const again = new Map((replay?.packets ?? []).map((p) => [p.id, p]));
  return original.packets.map((p) => {
    const r = again.get(p.id);
    return { name: p.name, packet: p.id, target: p.exit_ns ?? null, replay: r?.exit_ns ?? null, lateBy: r?.late_by_ns ?? null };
  });
}

/** A mark's time, ns (null if malformed: the core refuses the lesson anyway). */
export function stepTime(step: ViewMark): number | null {
  const t = parseTime(step.at);
  return t.ok ? t.value : null;
}

/**
 * The packets a step names, as drawn in its view: original packet ids, or (for a step about
 * a replay) the replay's ids, each with its name.
 */
export function stepPackets(step: ViewMark, original: ScheduleTable, report: ReplayReport | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const name of step.packets) {
    const p = original.packets.find((x) => x.name === name);
    if (!p) continue;
    if (!step.replay) out.set(p.id, name);
    else if (report) {
      const rid = report.original_ids.indexOf(p.id);
      if (rid >= 0) out.set(rid, name);
    }
  }
  return out;
}
