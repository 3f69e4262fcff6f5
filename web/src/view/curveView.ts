// The curve view of a service-curve port (FSC, SCED): for one flow, its service curve, its
// virtual (FSC) or deadline (SCED) curve and the service it received, as the core exports them
// in the port's state records (sched/curves/curve.rs: per backlogged queue its flow, the
// bytes served w_i, the curve's anchor, knee and m2, the service curve's anchor and knee; FSC
// adds v^s and each v_i). This file only reads those records back over the run and places
// them on a plot: every point drawn is a value the core recorded.
import { partitionPoint } from '../sim/search';
import type { StateColumns, StateField } from '../sim/types';

/** Field indices in a port's state, found by the names the registry gives them. */
export interface CurveFields {
  /** FSC's `virtual times` (the x of the received service); null: SCED, whose x is real time. */
  readonly clock: number | null;
  /** FSC's `system virtual time`, drawn as "now" on the virtual axis. */
  readonly now: number | null;
  readonly flows: number;
  readonly served: number;
  /** The virtual / deadline curve: anchor x, y, knee x, y, m2 (bps). */
  readonly curve: readonly [number, number, number, number, number];
  /** The service curve as anchored at the last backlog: anchor x, y, knee x, y. */
  readonly service: readonly [number, number, number, number];
}

/** The curve fields of a port's state, or null when its scheduler exports none. */
export function curveFields(state: readonly Pick<StateField, 'name'>[]): CurveFields | null {
  const at = (name: string) => state.findIndex((f) => f.name === name);
  const idx = {
    flows: at('queue flows'), served: at('served'),
    ax: at('curve anchor x'), ay: at('curve anchor y'), kx: at('curve knee x'), ky: at('curve knee y'), m2: at('curve m2'),
    sax: at('service curve anchor x'), say: at('service curve anchor y'), skx: at('service curve knee x'), sky: at('service curve knee y'),
  };
  if (Object.values(idx).some((i) => i < 0)) return null;
  const clock = at('virtual times');
  const now = at('system virtual time');
  return {
    clock: clock < 0 ? null : clock,
    now: now < 0 ? null : now,
    flows: idx.flows,
    served: idx.served,
    curve: [idx.ax, idx.ay, idx.kx, idx.ky, idx.m2],
    service: [idx.sax, idx.say, idx.skx, idx.sky],
  };
}

/** The flow's queue at one moment: what the core recorded for it. */
export interface CurveSnap {
  /** The records apply from this many events on. */
  readonly at: number;
  /** Simulated time of that moment, ns. */
  readonly t: number;
  /** The received service's x: v_i (FSC) or t (SCED). */
  readonly x: number;
  /** Bytes served, w_i. */
  readonly w: number;
  readonly curve: readonly [number, number, number, number, number];
  readonly service: readonly [number, number, number, number];
}

/** What the core recorded of one port's curve fields over the run. */
export interface PortCurves {
  /** Every flow that had a queue at the port, in order of first appearance. */
  readonly flows: readonly number[];
  /** Per flow, its snapshots in order (a new one whenever w_i, v_i or a curve changed). */
  readonly history: ReadonlyMap<number, readonly CurveSnap[]>;
}

/**
 * Replays the port's state records in order and keeps, per flow, a snapshot each time its
 * served bytes, its virtual time or its curves changed. `time[i]` is event i's time (records
 * at `at` happen with event at - 1).
 */
export function portCurves(state: StateColumns, time: ArrayLike<number>, port: number, f: CurveFields): PortCurves {
  const cur = new Map<number, number[]>();
  const history = new Map<number, CurveSnap[]>();
  const flows: number[] = [];
  const rows = state.at.length;
  const snap = (at: number) => {
    const q = cur.get(f.flows) ?? [];
    const t = at > 0 ? (time[Math.min(at, time.length) - 1] ?? 0) : 0;
    q.forEach((flow, i) => {
      const get = (field: number) => cur.get(field)?.[i] ?? 0;
      const w = get(f.served);
      const x = f.clock === null ? t : get(f.clock);
      const curve = f.curve.map(get) as unknown as CurveSnap['curve'];
      const service = f.service.map(get) as unknown as CurveSnap['service'];
      let list = history.get(flow);
      if (!list) {
        list = [];
        history.set(flow, list);
        flows.push(flow);
      }
      const last = list[list.length - 1];
      const same = last !== undefined && last.w === w && (f.clock === null || last.x === x)
        && last.curve.every((v, k) => v === curve[k]) && last.service.every((v, k) => v === service[k]);
      if (!same) list.push({ at, t, x, w, curve, service });
    });
  };
  let group = -1;
  for (let r = 0; r < rows; r++) {
    if (state.port[r] !== port) continue;
    const at = state.at[r] as number;
    if (group >= 0 && at !== group) snap(group);
    group = at;
    const start = state.start[r] as number;
    const end = r + 1 < rows ? (state.start[r + 1] as number) : state.values.length;
    cur.set(state.field[r] as number, Array.from(state.values.subarray(start, end)));
  }
  if (group >= 0) snap(group);
  return { flows, history };
}

/** The snapshots of `list` that apply after `cursor` events (those recorded at or before it). */
export function upTo(list: readonly CurveSnap[], cursor: number): readonly CurveSnap[] {
  return list.slice(0, partitionPoint(list.length, (i) => (list[i] as CurveSnap).at <= cursor));
}

export type Pt = readonly [number, number];

/** A two-piece curve from its anchor through its knee on to `xEnd` with slope m2 (bytes per ns). */
export function curvePoints(ax: number, ay: number, kx: number, ky: number, m2: number, xEnd: number): Pt[] {
  const end = Math.max(xEnd, kx);
  return [[ax, ay], [kx, ky], [end, ky + m2 * (end - kx)]];
}

/** What the plot shows at the playhead, in data units (x: ns of the scheduler's clock, y: bytes). */
export interface CurvePlot {
  readonly service: readonly Pt[];
  readonly curve: readonly Pt[];
  /** The service received: one point per snapshot of the current backlog and the ones before in view. */
  readonly received: readonly Pt[];
  /** The point the flow is at now. */
  readonly at: Pt;
  /** v^s (FSC) or the playhead's time (SCED): where "now" is on the x axis. */
  readonly now: number;
  readonly x: readonly [number, number];
  readonly y: readonly [number, number];
}

/**
 * The plot at the playhead from the flow's snapshots so far (`snaps`, non-empty), with `now` on
 * the x axis. The window spans the current service curve's first piece and the flow's point,
 * with a quarter more on the right; the received trail keeps the points in that window. SCED's
 * received service is a step per departure, drawn up to now.
 */
export function curvePlot(snaps: readonly CurveSnap[], now: number, stepped: boolean): CurvePlot {
  const last = snaps[snaps.length - 1] as CurveSnap;
  const [ax, ay, kx, ky, m2bps] = last.curve;
  const [sax, say, skx, sky] = last.service;
  const m2 = m2bps / 8e9;
  const atX = stepped ? Math.max(last.x, now) : last.x;
  const x0 = Math.min(ax, sax);
  const span = Math.max(kx, skx, atX, now, last.x) - x0;
  const x1 = x0 + Math.max(span * 1.25, 1);
  const service = curvePoints(sax, say, skx, sky, m2, x1);
  const curve = curvePoints(ax, ay, kx, ky, m2, x1);
  const inView = snaps.filter((s) => s.x >= x0);
  const received: Pt[] = [];
  for (const s of inView) {
    const prev = received[received.length - 1];
    if (stepped && prev) received.push([s.x, prev[1]]);
    received.push([s.x, s.w]);
  }
  if (stepped) received.push([atX, last.w]);
  const ys = [...service, ...curve, ...received].map((p) => p[1]);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys, y0 + 1);
  return { service, curve, received, at: [atX, last.w], now, x: [x0, x1], y: [y0, y1] };
}
