import { describe, expect, it } from 'vitest';
import { arrangeColumns, columnBox, flashSpot, intersects, type ColumnRequest, type Grid } from './queueArrange';

/** Cells 6 px with a 1 px gap (a pitch of 7), three side by side; counts 9 px tall, 5 px per character. */
const grid: Grid = { cellW: 6, cellH: 6, gap: 1, columns: 3, movable: true, font: 9, width: (t) => 5 * t.length };
const request = (port: number, spots: ColumnRequest['spots'], cells: number, counts = [`${cells}`]): ColumnRequest =>
  ({ port, spots, cells, counts: () => counts });

describe('queue columns clear each other', () => {
  it('sizes a column by its queue: up to `rows` tall, then more columns side by side', () => {
    // 5 cells, 8 rows: one column 5 x 7 = 35 px tall, 6 px wide, its bottom at the base.
    expect(columnBox({ x: 10, y: 100 }, 8, 5, grid)).toEqual({ x: 10, y: 65, w: 6, h: 35 });
    // 20 cells in rows of 8: three columns (3 x 7 - 1 = 20 px wide), 8 x 7 = 56 px tall.
    expect(columnBox({ x: 10, y: 100 }, 8, 20, grid)).toEqual({ x: 10, y: 44, w: 20, h: 56 });
  });

  it('keeps each column at its first spot when nothing is in the way', () => {
    const out = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 4),
      request(1, [{ base: { x: 50, y: 100 }, rows: 8 }], 30),
    ], grid);
    expect(out.map((a) => [a.port, a.base, a.rows, a.shown])).toEqual([[0, { x: 0, y: 100 }, 8, 4], [1, { x: 50, y: 100 }, 8, 24]]);
    // Counts 5 px above the column's top, at its left edge.
    expect(out[0]?.count).toMatchObject({ text: '4', x: 0, y: 100 - 28 - 5 });
  });

  it('moves a column to its next spot when an earlier one takes the first', () => {
    // Port 0 at x 0..20 (24 cells); port 1's first spot at x 10 overlaps it, its second at x 40 is free.
    const out = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 24),
      request(1, [{ base: { x: 10, y: 100 }, rows: 8 }, { base: { x: 40, y: 100 }, rows: 8 }], 3),
    ], grid);
    const [a, b] = out;
    if (!a || !b) throw new Error('a column is missing');
    expect(b.base).toEqual({ x: 40, y: 100 });
    expect(intersects(a.box, b.box)).toBe(false);
  });

  it('cuts a column to the rows that fit under another, and leaves out one with no room at all', () => {
    // Port 0's column: x 0..20, y 44..100. Port 1's only spot is at x 0, base y 150, under it.
    const out = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 24),
      request(1, [{ base: { x: 0, y: 150 }, rows: 8 }], 24),
      request(2, [{ base: { x: 5, y: 90 }, rows: 8 }], 5),
    ], grid);
    const second = out.find((a) => a.port === 1);
    // Rows r whose top stays 2 px below port 0's column, 150 - 7 r >= 102: r <= 6; 6 rows, 18 cells of 24.
    expect([second?.rows, second?.shown]).toEqual([6, 18]);
    // Its count above its top at 108 (box y 94..104) would cover port 0's column: it goes
    // right of the column's top instead, 3 px past its right edge (x 20 + 3) with its baseline
    // one font size (9) less 1 px below the top: y 116.
    expect(second?.count).toMatchObject({ text: '24', x: 23, y: 116 });
    // Port 2's only spot lies inside port 0's column: not one row fits.
    expect(out.map((a) => a.port)).toEqual([0, 1]);
  });

  it('gives a count the shorter text, or none, rather than cover a column', () => {
    const wide = { ...grid, movable: false };
    // Port 0: one cell at x 0, its count's box y 79..89 (9 px over the text's baseline, 5 px
    // above the cell's top at 93); port 1's column: 3 cells at x 30..36, y 79..100.
    const out = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 1, ['1 queued, random order', '1']),
      request(1, [{ base: { x: 30, y: 100 }, rows: 8 }], 3),
    ], wide);
    // "1 queued, random order" is 22 x 5 = 110 px wide: over port 1's column; "1" fits.
    expect(out[0]?.count?.text).toBe('1');
    // Above, port 1's column (x 0..6, y 68..89) is in the way; right of the top (x 9, box
    // x 8..50, y 92..102) is clear: the full text there.
    const right = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 1, ['1 queued', '1']),
      request(1, [{ base: { x: 0, y: 89 }, rows: 8 }], 3),
    ], wide);
    expect(right[0]?.count).toMatchObject({ text: '1 queued', x: 9, y: 101 });
    // Nothing fits (port 2's column right of it too): no count.
    const none = arrangeColumns([
      request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 1, ['1 queued', '1']),
      request(1, [{ base: { x: 0, y: 89 }, rows: 8 }], 3),
      request(2, [{ base: { x: 8, y: 104 }, rows: 8 }], 3),
    ], wide);
    expect(none[0]?.count).toBeNull();
  });

  it("keeps a count off the names drawn (a dense drawing's router names)", () => {
    // One cell at x 0 (top 93): above, the count's box is x -1..9, y 79..89.
    const name = { x: 0, y: 80, w: 30, h: 9 };
    const out = arrangeColumns([request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 1, ['1'])], { ...grid, labels: [name] });
    // Right of the top instead: x 6 + 3 = 9, baseline 93 + 9 - 1 = 101 (box y 92..102, below the name).
    expect(out[0]?.count).toMatchObject({ text: '1', x: 9, y: 101 });
  });

  it('in a roomy drawing, gives up cells side by side rather than cover a node, and keeps the count off it', () => {
    // 20 cells in rows of 8 at (0, 100): three columns, x 0..20. A node at x 15..40 covers the
    // third (x 14..20); two columns (x 0..13, 16 cells) clear it. Its count says the rest.
    const roomy = { ...grid, movable: false, nodes: [{ x: 15, y: 60, w: 25, h: 20 }] };
    const [a] = arrangeColumns([{ port: 0, spots: [{ base: { x: 0, y: 100 }, rows: 8 }], cells: 20, counts: (shown) => [`20 queued (+${20 - shown})`] }], roomy);
    expect(a?.shown).toBe(16);
    expect(a?.box).toEqual({ x: 0, y: 44, w: 13, h: 56 });
    expect(a?.count?.text).toBe('20 queued (+4)');
    // A node over the first column too: one column stays (its place is its link's).
    const [b] = arrangeColumns([request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 20)], { ...roomy, nodes: [{ x: 2, y: 60, w: 25, h: 20 }] });
    expect(b?.shown).toBe(8);
    // A count over a node moves right of the column's top: one cell at x 0 (top 93), the node over x -1..9, y 79..89.
    const [c] = arrangeColumns([request(0, [{ base: { x: 0, y: 100 }, rows: 8 }], 1, ['1'])], { ...grid, movable: false, nodes: [{ x: 0, y: 80, w: 30, h: 9 }] });
    expect(c?.count).toMatchObject({ text: '1', x: 9, y: 101 });
  });

  it('gives a count that would run off the drawing its shorter text', () => {
    // One cell at x 190 (top 93) on a 205 px stage: the box of "12 queued" (45 + 2 px from x
    // 189) would end at 236; the number alone's (10 + 2 px) ends at 201, on the stage. Right of
    // the column's top (x 199) both run off.
    const [a] = arrangeColumns([request(0, [{ base: { x: 190, y: 100 }, rows: 8 }], 1, ['12 queued', '12'])], { ...grid, stage: { w: 205, h: 150 } });
    expect(a?.count?.text).toBe('12');
  });

  it('puts a drop flash right of its column (at its foot, else its top), else left of it, clear of other boxes', () => {
    const [a] = arrangeColumns([request(0, [{ base: { x: 100, y: 100 }, rows: 8 }], 3)], grid);
    if (!a) throw new Error('no column');
    // Right: centre 11 + 3 px beyond the column's right edge (106), 11 px above its base.
    // (An empty queue's flash goes the same way around its column's base.)
    expect(flashSpot(a, a.base, 11, [])).toEqual({ x: 120, y: 89 });
    // A column there: left of it.
    expect(flashSpot(a, a.base, 11, [{ x: 110, y: 60, w: 20, h: 40 }])).toEqual({ x: 86, y: 89 });
    // A tall column (8 cells, top at 44) with a box right of its foot only: right of its top, 11 px below it.
    const [tall] = arrangeColumns([request(0, [{ base: { x: 100, y: 100 }, rows: 8 }], 8)], grid);
    if (!tall) throw new Error('no column');
    expect(flashSpot(tall, tall.base, 11, [{ x: 110, y: 80, w: 20, h: 20 }])).toEqual({ x: 120, y: 55 });
  });
});
