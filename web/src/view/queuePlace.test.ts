import { describe, expect, it } from 'vitest';
import { denseNameBox } from './portGeometry';
import { Obstacles, placeQueue, type Obstacle } from './queuePlace';

/** 21 px wide, up to 8 rows of 7 px and 15 px of count above: 71 px tall at most. */
const size = { width: 21, pitch: 7, rows: 8, head: 15 };

describe('queue columns clear the nodes', () => {
  it('keeps the first spot, full height, when it covers no node', () => {
    // A link going right: the column at 40 px along, 6 px right and 8 px up of the link.
    expect(placeQueue({ x: 0, y: 100 }, { x: 200, y: 100 }, 40, size, [{ x: 0, y: 100, r: 8 }, { x: 200, y: 100, r: 8 }]))
      .toEqual({ base: { x: 46, y: 92 }, rows: 8 });
  });

  it('moves the column off a node: left of the link, then further along it', () => {
    // A long link straight up; a node right of the first spot's column (x 6..27, y 81..152): left of the link.
    const right = { x: 20, y: 120, r: 5 };
    expect(placeQueue({ x: 0, y: 200 }, { x: 0, y: 0 }, 40, size, [right])).toEqual({ base: { x: -27, y: 152 }, rows: 8 });
    // Nodes on both sides there: 0.35 x 200 = 70 along (base y 200 - 70 - 8 = 122, column up to
    // y 51) still covers both; half way (base y 92) clears them (28 px above their centres).
    const left = { x: -20, y: 120, r: 5 };
    expect(placeQueue({ x: 0, y: 200 }, { x: 0, y: 0 }, 40, size, [right, left])).toEqual({ base: { x: 6, y: 92 }, rows: 8 });
  });

  it('keeps clear of a router\'s name as of a node', () => {
    // The first spot's column (x 46..67, y 21..92) would cover a name box at x 50..90, y 60..70:
    // left of the link, base x 40 - 6 - 21 = 13, the column spans x 13..34, clear of it.
    expect(placeQueue({ x: 0, y: 100 }, { x: 200, y: 100 }, 40, size, [{ box: [50, 60, 90, 70] }]))
      .toEqual({ base: { x: 13, y: 92 }, rows: 8 });
  });

  it('puts a dense drawing\'s router name beside its circle, 9 px high, 0.6 em a character', () => {
    // Circle of radius 9 at (100, 50): the name starts 2 px right of it (x 111), its baseline at
    // the circle's top (y 41), 9 px above it (y 32) and 2 px below (y 43); 6 characters of
    // 5.4 px: 32.4 px wide.
    const [l, t, r, b] = denseNameBox({ x: 100, y: 50 }, 'agg0_0', 9);
    expect([l, t, b]).toEqual([111, 32, 43]);
    expect(r).toBeCloseTo(143.4, 9);
    // Presentation mode's 14 px: 14 px above the baseline (y 27), 6 x 8.4 = 50.4 px wide.
    const [l2, t2, r2] = denseNameBox({ x: 100, y: 50 }, 'agg0_0', 9, 14);
    expect([l2, t2]).toEqual([111, 27]);
    expect(r2).toBeCloseTo(161.4, 9);
  });

  it('cuts the column under a node it cannot avoid', () => {
    // A short link up (60 px) with a node 100 px above the sender, 8 px around it: every spot
    // is at q = 30 (0.35 and 0.5 of 60 are not beyond it; 0.65, 39 px, has fewer rows: 4). Right of the link, base (6, 162): the
    // column's left edge x = 6 meets that circle within sqrt(64 - 36) = 5.29 of its centre,
    // so the column's top, 162 - 15 - 7 r, must stay below y 105.29: r <= 5.96, 5 rows (left
    // of the link, the same by symmetry: the first spot is kept).
    const below = { x: 0, y: 200 };
    const above = { x: 0, y: 100 };
    expect(placeQueue(below, { x: 0, y: 140 }, 30, size, [{ ...below, r: 8 }, { ...above, r: 8 }]))
      .toEqual({ base: { x: 6, y: 162 }, rows: 5 });
  });
});

describe('the obstacles near a column', () => {
  it('are exactly those whose shape overlaps its box, each once, on either side of 0 and across cells', () => {
    // Circles and boxes spread over -300..300 px (several 64 px cells each way), from a fixed LCG.
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 600 - 300;
    const list: Obstacle[] = [];
    for (let i = 0; i < 200; i++) {
      const [x, y] = [next(), next()];
      list.push(i % 2 === 0 ? { x, y, r: 5 + Math.abs(next()) / 10 } : { box: [x, y, x + Math.abs(next()) / 3, y + 9] });
    }
    const index = new Obstacles(list);
    // The definition: a circle whose centre is nearer the box than its radius, a box that intersects.
    const hits = (o: Obstacle, x0: number, y0: number, x1: number, y1: number) => {
      if ('box' in o) return o.box[0] < x1 && x0 < o.box[2] && o.box[1] < y1 && y0 < o.box[3];
      const dx = o.x - Math.max(x0, Math.min(o.x, x1));
      const dy = o.y - Math.max(y0, Math.min(o.y, y1));
      return dx * dx + dy * dy < o.r * o.r;
    };
    for (let i = 0; i < 100; i++) {
      const [x, y] = [next(), next()];
      const box = [x, y - 71, x + 21, y] as const;
      const want = list.filter((o) => hits(o, ...box));
      const got = index.overlapping(...box);
      expect(got.length).toBe(want.length);
      expect(new Set(got)).toEqual(new Set(want));
    }
  });
});
