import { describe, expect, it } from 'vitest';
import type { StateColumns } from '../sim/types';
import { curveFields, curvePlot, portCurves, upTo, type CurveSnap } from './curveView';

// The registry's field names (sched/curves/curve.rs), FSC's and SCED's order.
const TAIL = ['served', 'curve anchor x', 'curve anchor y', 'curve knee x', 'curve knee y', 'curve m2', 'queue flows',
  'service curve anchor x', 'service curve anchor y', 'service curve knee x', 'service curve knee y'];
const FSC = ['system virtual time', 'virtual times', ...TAIL].map((name) => ({ name }));
const SCED = ['head deadlines', ...TAIL].map((name) => ({ name }));

/** State columns from rows [at, port, field, values]. */
function columns(rows: readonly (readonly [number, number, number, readonly number[]])[]): StateColumns {
  const start: number[] = [];
  const values: number[] = [];
  for (const r of rows) {
    start.push(values.length);
    values.push(...r[3]);
  }
  return {
    at: Uint32Array.from(rows.map((r) => r[0])), port: Uint32Array.from(rows.map((r) => r[1])),
    field: Uint16Array.from(rows.map((r) => r[2])), start: Uint32Array.from(start), values: Float64Array.from(values),
  };
}

describe('curve view', () => {
  it('finds the curve fields by name, FSC with its virtual clock, SCED on real time', () => {
    const f = curveFields(FSC);
    expect(f).toEqual({ clock: 1, now: 0, flows: 8, served: 2, curve: [3, 4, 5, 6, 7], service: [9, 10, 11, 12] });
    expect(curveFields(SCED)).toMatchObject({ clock: null, now: null, flows: 7, served: 1 });
    expect(curveFields([{ name: 'virtual time' }, { name: 'finish tags' }])).toBeNull();
  });

  it('keeps a snapshot per flow each time its served bytes, virtual time or curves change', () => {
    const f = curveFields(FSC);
    if (!f) throw new Error('fields');
    const curve = (ax: number) => [[3, [ax]], [4, [0]], [5, [ax + 100]], [6, [500]], [7, [8e9]], [9, [ax]], [10, [0]], [11, [ax + 100]], [12, [500]]] as const;
    const rows: [number, number, number, number[]][] = [
      // Event 3: flow 0 becomes backlogged at v^s = 100 with w = 0.
      [3, 0, 8, [0]], [3, 0, 2, [0]], [3, 0, 1, [100]], ...curve(100).map(([k, v]) => [3, 0, k, [...v]] as [number, number, number, number[]]),
      // Another port's records are not this port's.
      [4, 1, 2, [7777]],
      // Event 5: 1000 B served, v = 200.
      [5, 0, 2, [1000]], [5, 0, 1, [200]],
      // Event 8: flow 1 joins (v = 150, w = 0; its curves from 150); flow 0's values unchanged.
      [8, 0, 8, [0, 1]], [8, 0, 2, [1000, 0]], [8, 0, 1, [200, 150]],
      ...curve(100).map(([k, v]) => [8, 0, k, [v[0], k === 4 || k === 10 ? 0 : k === 6 || k === 12 ? 500 : k === 7 ? 8e9 : v[0] + 50]] as [number, number, number, number[]]),
    ];
    const time = Float64Array.from({ length: 10 }, (_, i) => i * 1000);
    const pc = portCurves(columns(rows), time, 0, f);
    expect(pc.flows).toEqual([0, 1]);
    const f0 = pc.history.get(0) ?? [];
    expect(f0.map((s) => [s.at, s.t, s.x, s.w])).toEqual([[3, 2000, 100, 0], [5, 4000, 200, 1000]]);
    expect(f0[0]?.curve).toEqual([100, 0, 200, 500, 8e9]);
    const f1 = pc.history.get(1) ?? [];
    expect(f1.map((s) => [s.at, s.x, s.w])).toEqual([[8, 150, 0]]);
    expect(f1[0]?.service).toEqual([150, 0, 250, 500]);
    expect(upTo(f0, 4).length).toBe(1);
    expect(upTo(f0, 2).length).toBe(0);
  });

  it('places the curves through their anchor and knee and on at m2, with a quarter more on the right', () => {
    // Anchor (0, 0), knee (100 ns, 500 B), m2 = 8e9 bps = 1 B/ns; the flow at (100, 500), v^s = 100:
    // the window is 0 .. 125 ns, where the curve reaches 500 + 25 = 525 B.
    const snap = (x: number, w: number): CurveSnap => ({ at: 1, t: x, x, w, curve: [0, 0, 100, 500, 8e9], service: [0, 0, 100, 500] });
    const p = curvePlot([snap(0, 0), snap(40, 200), snap(100, 500)], 100, false);
    expect(p.curve).toEqual([[0, 0], [100, 500], [125, 525]]);
    expect(p.service).toEqual(p.curve);
    expect(p.received).toEqual([[0, 0], [40, 200], [100, 500]]);
    expect(p.x).toEqual([0, 125]);
    expect(p.y).toEqual([0, 525]);
    expect(p.at).toEqual([100, 500]);
  });

  it("draws SCED's received service as steps on real time up to the playhead", () => {
    const snap = (t: number, w: number): CurveSnap => ({ at: 1, t, x: t, w, curve: [10, 0, 60, 500, 8e9], service: [10, 0, 60, 500] });
    const p = curvePlot([snap(10, 0), snap(20, 100)], 30, true);
    expect(p.received).toEqual([[10, 0], [20, 0], [20, 100], [30, 100]]);
    expect(p.at).toEqual([30, 100]);
    // Window from the anchor (10) to the knee (60) plus a quarter of the 50 ns: 72.5.
    expect(p.x).toEqual([10, 72.5]);
  });
});
