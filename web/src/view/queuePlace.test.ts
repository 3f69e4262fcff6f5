import { describe, expect, it } from 'vitest';
import { placeQueue } from './queuePlace';

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
