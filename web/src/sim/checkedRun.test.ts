import { describe, expect, it } from 'vitest';
import { CheckedRun } from './checkedRun';

/** A fake started run: its text, and whether it was freed. */
class Handle {
  freed = false;
  constructor(readonly text: string, readonly max: number) {}
  free(): void {
    this.freed = true;
  }
}

function setup() {
  const started: Handle[] = [];
  const runs = new CheckedRun((text: string, max: number) => {
    if (text === 'bad') throw new Error('duration: invalid time');
    const h = new Handle(text, max);
    started.push(h);
    return h;
  });
  return { runs, started };
}

describe('CheckedRun', () => {
  it('hands the run a check started to the run of the same text: one start, so one validation', () => {
    const { runs, started } = setup();
    const checked = runs.check('a', 10);
    let checks = 0;
    expect(runs.take('a', 10, () => checks++)).toBe(checked);
    expect(started).toHaveLength(1);
    expect(checks).toBe(0);
    // Taken once: the next run of the same text starts (and checks) again.
    expect(runs.take('a', 10, () => checks++)).not.toBe(checked);
    expect(started).toHaveLength(2);
    expect(checks).toBe(1);
  });

  it('frees a kept run that another text or trace budget does not use, and starts that one', () => {
    const { runs, started } = setup();
    const checked = runs.check('a', 10);
    const other = runs.take('b', 10);
    expect(checked.freed).toBe(true);
    expect(other.text).toBe('b');
    runs.check('a', 10);
    expect(runs.take('a', 20).max).toBe(20);
    expect(started.filter((h) => h.freed)).toHaveLength(2);
  });

  it('keeps nothing when the check refuses, and drops a kept run on demand', () => {
    const { runs, started } = setup();
    const kept = runs.check('a', 10);
    expect(() => runs.check('bad', 10)).toThrow('duration: invalid time');
    expect(kept.freed).toBe(true);
    runs.check('c', 10);
    runs.drop();
    expect(started[1]?.freed).toBe(true);
    expect(runs.take('c', 10)).not.toBe(started[1]);
  });

  it('says whether it holds a run of a text and trace budget (the worker then skips the first module)', () => {
    const { runs } = setup();
    expect(runs.holds('a', 10)).toBe(false);
    runs.check('a', 10);
    expect(runs.holds('a', 10)).toBe(true);
    expect(runs.holds('a', 20)).toBe(false);
    expect(runs.holds('b', 10)).toBe(false);
    runs.take('a', 10);
    expect(runs.holds('a', 10)).toBe(false);
  });
});
