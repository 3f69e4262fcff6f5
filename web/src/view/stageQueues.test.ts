import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import type { PortGeometry } from './packetLayer';
import { stageView, viewKey, withStageQueues } from './stageQueues';

// Two ports (keyed by arrival and by rank) and one stage, id 0, at node "mb" (index 1),
// whose scheduler is DRFQ: its queue is view 2 and shows finish tags in ns.
const summary = {
  nodes: [{ id: 'h' }, { id: 'mb' }],
  ports: [
    { key: { label: 'arrival', unit: 'ns' } },
    { key: { label: 'rank', unit: 'count' } },
  ],
  stages: [{ id: 0, node: 1, key: { label: 'finish tag', unit: 'ns' } }],
} as unknown as RunSummary;

describe('stage queues', () => {
  it("give each stage the view id after the ports' and its own key", () => {
    expect(stageView(summary, 0)).toBe(2);
    expect(viewKey(summary, 1)).toEqual({ label: 'rank', unit: 'count' });
    expect(viewKey(summary, 2)).toEqual({ label: 'finish tag', unit: 'ns' });
    expect(viewKey(summary, 3)).toBeUndefined();
  });

  it("place the CPU queue's column under its node's square, at index ports + stage id", () => {
    const port: PortGeometry = { start: { x: 0, y: 0 }, end: { x: 1, y: 0 }, normal: { x: 0, y: 1 }, queueBase: { x: 0, y: 0 } };
    const at = (id: string) => (id === 'mb' ? { x: 100, y: 50 } : undefined);
    // Square half-side 10, the line under it down to 37.3 px (20 + 14 + 0.3 x 11), counts of 11 px.
    const out = withStageQueues([port, null], summary, at, { half: 10, label: 37.3, count: 11, scale: 1 });
    expect(out).toHaveLength(3);
    expect(out[0]).toBe(port);
    // The column's top: 50 + 37.3 + 4 + 11 (its count) + 5 = 107.3; its bottom-left corner
    // 6 rows x 17 px lower: y = 209.3, x = 100 - 10 = 90.
    expect(out[2]?.queueBase.x).toBe(90);
    expect(out[2]?.queueBase.y).toBeCloseTo(209.3, 9);
    expect(out[2]?.queueSpots).toEqual([{ base: out[2]?.queueBase, rows: 6 }]);
  });

  it('keep the count under a square taller than the line under it (no line: a dense drawing)', () => {
    const at = () => ({ x: 0, y: 0 });
    // Presentation: counts of 22 px; a square of half-side 25 and no line: top 25 + 4 + 22 + 5 = 56, corner 56 + 102 = 158.
    const out = withStageQueues([], summary, at, { half: 25, label: 0, count: 22, scale: 1 });
    expect(out[0]).toBeNull();
    expect(out[2]?.queueBase).toEqual({ x: -25, y: 158 });
  });
});
