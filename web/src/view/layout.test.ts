import { describe, expect, it } from 'vitest';
import { fitToBox, fitTransform, layeredLayout, nodePositions, toScreen, zoomAbout, zoomed, NO_ZOOM } from './layout';

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

describe('fitTransform with stretch', () => {
  const box = { width: 300, height: 200, padding: [10, 10, 10, 10] as const };

  it('scales the roomy axis up to maxStretch times the other', () => {
    // Span 1 x 1 into 280 x 180: uniform 180; x may take 280 (< 2 x 180), so it fills the width.
    const t = fitTransform([{ x: 0, y: 0 }, { x: 1, y: 1 }], box, 2);
    expect(t).toEqual({ kx: 280, ky: 180, x: 10, y: 10 });
    // At most 1.25 x 180 = 225 px per unit across: centred, from 37.5.
    expect(fitTransform([{ x: 0, y: 0 }, { x: 1, y: 1 }], box, 1.25)).toEqual({ kx: 225, ky: 180, x: 37.5, y: 10 });
  });

  it('keeps a row of nodes at the uniform scale vertically', () => {
    // One row: no vertical span; both axes take the horizontal scale, 280.
    expect(fitTransform([{ x: 0, y: 1 }, { x: 1, y: 1 }], box, 2)).toEqual({ kx: 280, ky: 280, x: 10, y: 100 - 280 });
  });
});

describe('zoom', () => {
  it('keeps the point under the pointer in place and stays within its limits', () => {
    const t = { kx: 100, ky: 50, x: 10, y: 20 };
    const at = { x: 110, y: 70 }; // the abstract point (1, 1)
    const z = zoomAbout(NO_ZOOM, 2, at);
    expect(z).toEqual({ k: 2, x: -110, y: -70 });
    expect(toScreen(zoomed(t, z), { x: 1, y: 1 })).toEqual(at);
    expect(zoomAbout(z, 100, at).k).toBe(8);
    expect(zoomAbout(z, 0.001, at).k).toBe(0.5);
  });
});
