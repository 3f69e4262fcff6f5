import { describe, expect, it } from 'vitest';
import { isLessonHash, lessonHash, parseLessonHash } from './link';

describe('lesson links', () => {
  it('round-trips a bundled lesson and a teacher\'s file', () => {
    expect(parseLessonHash(lessonHash({ kind: 'bundled', id: 'queues', step: 3 }))).toEqual({ ok: true, link: { kind: 'bundled', id: 'queues', step: 3 } });
    const text = JSON.stringify({ name: 'mine', steps: [] });
    const h = lessonHash({ kind: 'file', text, step: 0 });
    expect(isLessonHash(h)).toBe(true);
    expect(parseLessonHash(h)).toEqual({ ok: true, link: { kind: 'file', text, step: 0 } });
  });

  it('names what is wrong with a malformed one', () => {
    const err = (h: string) => {
      const p = parseLessonHash(h);
      return p.ok ? 'ok' : p.error;
    };
    expect(err('#lesson=queues&step=0')).toContain('step "0" is not a step number from 1 to 30');
    expect(err('#lesson=queues&step=abc')).toContain('step "abc"');
    expect(err('#lesson=Queues!')).toContain('is not a lesson name');
    expect(err('#lesson=queues&color=red')).toContain('unknown part "color"');
    expect(err('#lesson=queues&lesson=aqm')).toContain('names "lesson" twice');
    expect(err('#lesson-file=@@@')).toContain("file is damaged");
    expect(err('#lesson=a&lesson-file=b')).toContain('both');
    expect(err(`#lesson=${'a'.repeat(20_000)}`)).toContain('characters long');
    expect(isLessonHash('#v1.abc')).toBe(false);
  });
});
