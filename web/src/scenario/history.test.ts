import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, canRedo, canUndo, commit, historyOf, redo, undo } from './history';

describe('history', () => {
  it('undoes and redoes in order; a new step clears redo', () => {
    let h = commit(commit(historyOf('a'), 'b'), 'c');
    expect(h.present).toBe('c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual(['a', false, true]);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = commit(h, 'x');
    expect([h.past, h.present, h.future]).toEqual([['a', 'b'], 'x', []]);
  });

  it('records nothing when the value did not change, and forgets the oldest steps', () => {
    const h0 = historyOf(0);
    expect(commit(h0, 0)).toBe(h0);
    let h = h0;
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) h = commit(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(5);
  });
});
