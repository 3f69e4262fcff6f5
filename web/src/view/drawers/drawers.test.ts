import { describe, expect, it } from 'vitest';
import { STATE_FIELDS } from '../../generated/registry';
import { FAMILY_DRAWERS } from './families';
import { SINGLE_DRAWERS } from './single';
import { namedState, type Drawer, type NamedState, type QueueColumn, type Stateful } from './state';

/** A canvas context that draws nothing (every method a no-op; text 10 px wide). */
const ctx = new Proxy({}, {
  get: (_, key) => {
    if (key === 'canvas') return { width: 800 };
    if (key === 'getTransform') return () => ({ a: 1 });
    if (key === 'measureText') return () => ({ width: 10 });
    return () => undefined;
  },
  set: () => true,
}) as unknown as CanvasRenderingContext2D;

const column = (): QueueColumn => ({ x: 100, baseY: 300, topY: 200, cellW: 10, cellH: 10, gap: 2, rows: 8, text: 1, label: [] });

/** A state that answers every field with values and records the names asked for. */
function recording(asked: string[]): NamedState<Stateful> {
  const values = (name: string) => {
    asked.push(name);
    return [1, 2, 3];
  };
  return { values, first: (name) => values(name)[0] };
}

const drawers = { ...SINGLE_DRAWERS, ...FAMILY_DRAWERS } as Record<string, Drawer<Stateful>>;

describe('port drawers', () => {
  it('are keyed by schedulers that export state', () => {
    for (const name of Object.keys(drawers)) expect(Object.keys(STATE_FIELDS)).toContain(name);
  });
  for (const [name, draw] of Object.entries(drawers)) {
    it(`${name} asks only for fields its registry entry declares`, () => {
      const asked: string[] = [];
      draw(ctx, column(), recording(asked));
      expect(asked.length).toBeGreaterThan(0);
      const declared: readonly string[] = STATE_FIELDS[name as Stateful];
      for (const field of asked) expect(declared, `${name}: "${field}"`).toContain(field);
    });
  }
});

describe('namedState', () => {
  it('finds a field by its declared name, whatever its position', () => {
    const s = namedState<'red'>([{ name: 'average queue' }, { name: 'min threshold' }], [[7], [3]]);
    expect(s.first('min threshold')).toBe(3);
    expect(s.values('average queue')).toEqual([7]);
  });
  it('gives nothing for a field the port does not record', () => {
    const s = namedState<'red'>([{ name: 'average queue' }], [null]);
    expect(s.values('average queue')).toEqual([]);
    expect(s.first('max threshold')).toBeUndefined();
  });
});
