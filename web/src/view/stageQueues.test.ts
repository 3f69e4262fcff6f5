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
    const out = withStageQueues([port, null], summary, at, 10, 1);
    expect(out).toHaveLength(3);
    expect(out[0]).toBe(port);
    // Bottom-left corner: x = 100 - 10; y = 50 + 10 + 22 + 6 rows x 17 px = 184.
    expect(out[2]?.queueBase).toEqual({ x: 90, y: 184 });
    expect(out[2]?.queueSpots).toEqual([{ base: { x: 90, y: 184 }, rows: 6 }]);
  });
});
