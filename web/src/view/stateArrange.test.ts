import { describe, expect, it } from 'vitest';
import type { StateItem } from './drawers/state';
import { intersects, type Box } from './queueArrange';
import { arrangeLabels, cut, labelAt, type LabelSpace } from './stateArrange';

// Text 6 px a character; text size 1: lines 13 px apart, a label's box 1 px above its first
// line and 2 px below its last, 4 px either side of its text.
const space = (w: number, h: number): LabelSpace => ({ stage: { w, h }, k: 1, width: (t) => 6 * t.length });
const lines = (...texts: string[]): StateItem[] => texts.map((text, n) => ({ kind: 'line', n, text, colour: '#000' }));
const column = (x: number, y = 50): Box => ({ x, y, w: 34, h: 100 });

describe('arrangeLabels', () => {
  it('puts a label right of its column, top-aligned, its lines 13 px apart', () => {
    // "abcd" is 24 px + 8 = 32 wide; 1 + 2 x 13 + 2 = 29 tall; right of 100 + 34 + 6 = 140.
    const [l] = arrangeLabels([{ port: 0, column: column(100), anchor: { x: 0, y: 0 }, items: lines('abcd', 'ab') }], [column(100)], space(400, 300));
    expect(l?.box).toEqual({ x: 140, y: 50, w: 32, h: 29 });
    expect(l?.rows.map((r) => r.top)).toEqual([51, 64]);
    expect(l?.cut).toBe(false);
  });
  it('orders lines by their row, whatever order the drawer wrote them in', () => {
    const items: StateItem[] = [{ kind: 'line', n: 1, text: 'second', colour: '#000' }, { kind: 'line', n: 0, text: 'first', colour: '#000' }];
    const [l] = arrangeLabels([{ port: 0, column: column(100), anchor: { x: 0, y: 0 }, items }], [], space(400, 300));
    expect(l?.full).toEqual(['first', 'second']);
  });
  it('a second label at the same column goes left of it instead of over the first', () => {
    // Left: 100 - 6 - 32 = 62.
    const req = (port: number) => ({ port, column: column(100), anchor: { x: 0, y: 0 }, items: lines('abcd', 'ab') });
    const [a, b] = arrangeLabels([req(0), req(1)], [column(100)], space(400, 300));
    expect(a?.box.x).toBe(140);
    expect(b?.box).toEqual({ x: 62, y: 50, w: 32, h: 29 });
  });
  it('never runs off the stage: a column near the right edge gets its label on its left', () => {
    // Right: 380 + 40 = 420, moved in to 400 - 32 - 1 = 367, which covers the column (380..414);
    // left: 380 - 6 - 32 = 342 (to 374) clears it.
    const [l] = arrangeLabels([{ port: 0, column: column(380), anchor: { x: 0, y: 0 }, items: lines('abcd', 'ab') }], [column(380)], space(420, 300));
    expect(l?.box.x).toBe(342);
  });
  it('cuts a line wider than the stage, keeping the full text', () => {
    // 100 px stage: 100 - 2 - 8 = 90 px of text: 14 characters and "…" (6 x 15 = 90).
    const text = 'abcdefghijklmnopqrst';
    const [l] = arrangeLabels([{ port: 0, column: { x: 0, y: 0, w: 0, h: 0 }, anchor: { x: 0, y: 0 }, items: lines(text) }], [], space(100, 100));
    const row = l?.rows[0];
    expect(row?.kind === 'line' ? row.text : '').toBe('abcdefghijklmn…');
    expect(l?.full).toEqual([text]);
    expect(l?.cut).toBe(true);
  });
  it('with no room for the whole label, shows its first line with "…" after it', () => {
    // 5 lines: 1 + 65 + 2 = 68 px > the 40 px stage; the first line with " …": 23 characters,
    // 138 + 8 = 146 px, 16 tall, right of the column at 126, moved down to y = 1.
    const items = lines('AIFO: c = 2 of C = 20', 'b', 'c', 'd', 'e');
    const [l] = arrangeLabels([{ port: 3, column: { x: 100, y: 0, w: 20, h: 40 }, anchor: { x: 0, y: 0 }, items }], [{ x: 100, y: 0, w: 20, h: 40 }], space(300, 40));
    expect(l?.box).toEqual({ x: 126, y: 1, w: 146, h: 16 });
    expect(l?.rows.map((r) => (r.kind === 'line' ? r.text : ''))).toEqual(['AIFO: c = 2 of C = 20 …']);
    expect(l?.full).toHaveLength(5);
    expect(l?.cut).toBe(true);
  });
  it('with no room for the whole label, cuts every line to 210 px before it falls back to the first line', () => {
    // Two lines of 50 characters: 300 + 8 = 308 px wide, 29 tall. Beside the column (x 100..134)
    // it runs off the 400 px stage and, moved back in, covers the column; above (y < 45) and
    // below (y >= 150) are taken (nodes). Cut to 210 px: 32 characters and "…", 198 + 8 = 206 px,
    // right of the column at 140.
    const text = 'x'.repeat(50);
    const taken = [column(100), { x: 0, y: 0, w: 400, h: 45 }, { x: 0, y: 150, w: 400, h: 150 }];
    const [l] = arrangeLabels([{ port: 0, column: column(100), anchor: { x: 0, y: 0 }, items: lines(text, text) }], taken, space(400, 300));
    expect(l?.box).toEqual({ x: 140, y: 50, w: 206, h: 29 });
    expect(l?.rows.map((r) => (r.kind === 'line' ? r.text : ''))).toEqual([`${'x'.repeat(32)}…`, `${'x'.repeat(32)}…`]);
    expect(l?.full).toEqual([text, text]);
    expect(l?.cut).toBe(true);
  });
  it('leaves a label out when not even its marker fits', () => {
    const all = { x: 0, y: 0, w: 200, h: 60 };
    expect(arrangeLabels([{ port: 0, column: all, anchor: { x: 0, y: 0 }, items: lines('x') }], [all], space(200, 60))).toEqual([]);
  });
  it('sixteen ports piled in a small stage: every label inside it, none over another or a column', () => {
    const columns = Array.from({ length: 16 }, (_, i) => ({ x: 20 + (i % 8) * 45, y: 40 + Math.floor(i / 8) * 90, w: 20, h: 50 }));
    const reqs = columns.map((c, port) => ({ port, column: c, anchor: { x: 0, y: 0 }, items: lines('AIFO: c = 12 of C = 20', 'admit quantile ≤ 0.55', 'last arrival q = 0.3: admitted') }));
    const placed = arrangeLabels(reqs, columns, space(400, 260));
    expect(placed.length).toBeGreaterThan(8);
    for (const [i, a] of placed.entries()) {
      expect(a.box.x).toBeGreaterThanOrEqual(0);
      expect(a.box.y).toBeGreaterThanOrEqual(0);
      expect(a.box.x + a.box.w).toBeLessThanOrEqual(400);
      expect(a.box.y + a.box.h).toBeLessThanOrEqual(260);
      for (const c of columns) expect(intersects(a.box, c)).toBe(false);
      for (const b of placed.slice(i + 1)) expect(intersects(a.box, b.box)).toBe(false);
    }
  });
});

describe('cut and labelAt', () => {
  it('cut keeps text that fits and ends the rest in "…"', () => {
    const w = (t: string) => 6 * t.length;
    expect(cut('abc', 18, w)).toBe('abc');
    expect(cut('abcdef', 24, w)).toBe('abc…');
    expect(cut('abcdef', 5, w)).toBe('…');
  });
  it('labelAt gives the full text of the label under the point', () => {
    const [l] = arrangeLabels([{ port: 0, column: column(100), anchor: { x: 0, y: 0 }, items: lines('abcd', 'ab') }], [], space(400, 300));
    expect(labelAt(l ? [l] : [], 150, 60)).toBe('abcd\nab');
    expect(labelAt(l ? [l] : [], 10, 10)).toBeNull();
  });
});
