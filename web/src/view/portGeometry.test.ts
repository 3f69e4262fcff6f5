import { describe, expect, it } from 'vitest';
import { linkLabelAt, linkLabelBoxes, nodeBoxes } from './portGeometry';

describe('what the drawing covers', () => {
  it("puts a link's label 16 px below its middle, baseline 4 px lower, and none on a short link", () => {
    // (0, 0) -> (200, 0): normal (0, 1), below the line: (100, 16 + 4).
    expect(linkLabelAt({ x: 0, y: 0 }, { x: 200, y: 0 }, 1)).toEqual({ x: 100, y: 20, px: 11 });
    // Presentation's text factor 1.5: 24 + 6 px down, 16.5 px text.
    expect(linkLabelAt({ x: 0, y: 0 }, { x: 200, y: 0 }, 1.5)).toEqual({ x: 100, y: 30, px: 16.5 });
    expect(linkLabelAt({ x: 0, y: 0 }, { x: 150, y: 0 }, 1)).toBeNull();
  });

  it("boxes a link's label at 0.6 em a character, and none below size 0.9", () => {
    const screen = new Map([['a', { x: 0, y: 0 }], ['b', { x: 200, y: 0 }]]);
    const links = [{ index: 0, from: 'a', to: 'b', label: '10Mbps · 0' }];
    // 10 characters x 6.6 px = 66 px wide, centred on x 100; from 11 px above the baseline (20) to 3.3 below.
    const [box] = linkLabelBoxes(links, screen, 1, 1);
    expect(box?.x).toBeCloseTo(67);
    expect(box?.w).toBeCloseTo(66);
    expect(box?.y).toBeCloseTo(9);
    expect(box?.h).toBeCloseTo(14.3);
    expect(linkLabelBoxes(links, screen, 0.8, 1)).toEqual([]);
  });

  it("boxes a host's rectangle and a router's circle with the scheduler's line under it", () => {
    const screen = new Map([['h', { x: 100, y: 100 }], ['r', { x: 300, y: 100 }]]);
    const nodes = [{ id: 'h', kind: 'host' as const, p: { x: 0, y: 0 }, scheduler: null }, { id: 'r', kind: 'router' as const, p: { x: 0, y: 0 }, scheduler: 'fifo' }];
    const [host, router, line] = nodeBoxes(nodes, screen, { size: 1, minGap: 200 }, 1);
    // Host: 46 px wide (min(46, 160)), 28 tall. Router: radius min(20, 84) = 20.
    expect(host).toEqual({ x: 77, y: 86, w: 46, h: 28 });
    expect(router).toEqual({ x: 280, y: 80, w: 40, h: 40 });
    // " fifo": 5 characters x 6.6 px = 33 px, centred; baseline 34 px below the centre, 11 px text.
    expect(line?.w).toBeCloseTo(33);
    expect(line?.x).toBeCloseTo(283.5);
    expect(line?.y).toBeCloseTo(123);
    // A dense drawing (no text factor): the shapes alone.
    expect(nodeBoxes(nodes, screen, { size: 1, minGap: 200 }, null)).toHaveLength(2);
  });
});
