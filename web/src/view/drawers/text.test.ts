import { describe, expect, it } from 'vitest';
import { STATE_W, stateSide } from './text';
import type { QueueColumn } from './state';

// A canvas 2x the CSS pixels (devicePixelRatio 2): `cssWidth` wide on the page.
const ctx = (cssWidth: number) => ({ canvas: { width: 2 * cssWidth }, getTransform: () => ({ a: 2 }) }) as unknown as CanvasRenderingContext2D;
// Three columns of 10 px cells with 2 px gaps: 36 px, then a 6 px gap to the lines' start.
const column = (x: number): QueueColumn => ({ x, baseY: 200, topY: 100, cellW: 10, cellH: 10, gap: 2, rows: 8, text: 1 });

describe('stateSide', () => {
  it('puts the lines right of the columns when STATE_W fits before the right edge', () => {
    // 100 + 36 + 6 = 142; 142 + 170 = 312 <= 400.
    expect(STATE_W).toBe(170);
    expect(stateSide(ctx(400), column(100))).toEqual({ x: 142, left: false });
  });
  it('puts them left of the columns when only the left has room (a small compare panel)', () => {
    // 300 + 42 + 170 = 512 > 400; left: 300 - 6 - 170 = 124 >= 0, the lines end at 294.
    expect(stateSide(ctx(400), column(300))).toEqual({ x: 294, left: true });
  });
  it('keeps them right when neither side has room', () => {
    // 142 + 170 = 312 > 200; 100 - 6 - 170 < 0.
    expect(stateSide(ctx(200), column(100))).toEqual({ x: 142, left: false });
  });
  it('gives larger text (presentation mode) room in proportion: STATE_W x the text size', () => {
    // Text size 1.6: 170 x 1.6 = 272; right: 142 + 272 = 414 > 400; left: 300 - 6 - 272 = 22 >= 0.
    expect(stateSide(ctx(400), { ...column(100), text: 1.6 })).toEqual({ x: 142, left: false });
    expect(stateSide(ctx(400), { ...column(300), text: 1.6 })).toEqual({ x: 294, left: true });
    // 342 + 272 = 614 <= 620.
    expect(stateSide(ctx(620), { ...column(300), text: 1.6 })).toEqual({ x: 342, left: false });
  });
});
