import { describe, expect, it } from 'vitest';
import { entityOf, errorBelongsTo, formatPath, getAt, parsePath, setAt, splitCoreMessage } from './paths';

describe('field paths', () => {
  it('parses and formats the core notation', () => {
    expect(parsePath('topology.links[2].bandwidth')).toEqual(['topology', 'links', 2, 'bandwidth']);
    expect(parsePath('traffic[0].sizes.mean')).toEqual(['traffic', 0, 'sizes', 'mean']);
    expect(formatPath(['topology', 'nodes', 3, 'scheduler', 'params', 'drop'])).toBe('topology.nodes[3].scheduler.params.drop');
  });

  it('reads and writes immutably, creating objects on the way and removing on undefined', () => {
    const root = { a: [{ b: 1 }, { b: 2 }], c: { d: 1 } };
    const next = setAt(root, 'a[1].b', 5);
    expect(next).toEqual({ a: [{ b: 1 }, { b: 5 }], c: { d: 1 } });
    expect(next.c).toBe(root.c);
    expect(root.a[1]?.b).toBe(2);
    expect(setAt(root, 'c.e.f', 'x')).toEqual({ a: root.a, c: { d: 1, e: { f: 'x' } } });
    expect(setAt(root, 'c.d', undefined)).toEqual({ a: root.a, c: {} });
    expect(getAt(root, 'a[0].b')).toBe(1);
    expect(getAt(root, 'a[7].b')).toBeUndefined();
  });

  it('splits core messages and finds the entity a path belongs to', () => {
    expect(splitCoreMessage('topology.links[2].bandwidth: invalid bandwidth "x": y')).toEqual({
      path: 'topology.links[2].bandwidth', message: 'invalid bandwidth "x": y',
    });
    expect(splitCoreMessage('expected value at line 1 column 1')).toEqual({ path: '', message: 'expected value at line 1 column 1' });
    expect(entityOf('topology.links[2].bandwidth')).toEqual({ kind: 'link', index: 2 });
    expect(entityOf('topology.nodes[0].scheduler.params.drop')).toEqual({ kind: 'node', index: 0 });
    expect(entityOf('traffic[4].rate')).toEqual({ kind: 'traffic', index: 4 });
    expect(entityOf('duration')).toEqual({ kind: 'scenario' });
    expect(errorBelongsTo('topology.nodes[0].scheduler.name', 'topology.nodes[0].scheduler')).toBe(true);
    expect(errorBelongsTo('topology.nodes[0].schedulerx', 'topology.nodes[0].scheduler')).toBe(false);
  });
});
