import { describe, expect, it } from 'vitest';
import { fitToBox, layeredLayout, nodePositions } from './layout';

describe('layeredLayout', () => {
  it('puts nodes in layers by hop distance from the sources', () => {
    // 0 -> 2, 1 -> 2, 2 -> 3: two sources, one router, one sink.
    const links = [{ from: 0, to: 2 }, { from: 1, to: 2 }, { from: 2, to: 3 }];
    expect(layeredLayout(4, links)).toEqual([
      { x: 0, y: -0.5 },
      { x: 0, y: 0.5 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
    ]);
  });

  it('lays out a cycle without a source from node 0', () => {
    const links = [{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 0 }];
    expect(layeredLayout(3, links).map((p) => p.x)).toEqual([0, 1, 2]);
  });
});

describe('nodePositions', () => {
  it('uses pos when every node has one', () => {
    expect(nodePositions([{ pos: [3, 4] }, { pos: [5, 6] }], [])).toEqual([{ x: 3, y: 4 }, { x: 5, y: 6 }]);
  });

  it('places nodes without pos below the positioned ones', () => {
    const nodes = [{ pos: [0, 0] as [number, number] }, { pos: null }, { pos: null }];
    const links = [{ from: 0, to: 1 }, { from: 1, to: 2 }];
    expect(nodePositions(nodes, links)).toEqual([{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 1 }]);
  });
});

describe('fitToBox', () => {
  const box = { width: 300, height: 200, padding: [10, 10, 10, 10] as const };

  it('scales uniformly and centres', () => {
    // Span 2 x 1 into 280 x 180: scale min(140, 180) = 140; height 140, centred: y from 30.
    expect(fitToBox([{ x: 0, y: 0 }, { x: 2, y: 1 }], box)).toEqual([{ x: 10, y: 30 }, { x: 290, y: 170 }]);
  });

  it('centres a single node', () => {
    expect(fitToBox([{ x: 5, y: 5 }], box)).toEqual([{ x: 150, y: 100 }]);
  });

  it('handles a horizontal row', () => {
    expect(fitToBox([{ x: 0, y: 1 }, { x: 1, y: 1 }], box)).toEqual([{ x: 10, y: 100 }, { x: 290, y: 100 }]);
  });
});
