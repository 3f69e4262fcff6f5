import { describe, expect, it } from 'vitest';
import { progressOf, readProgress, score, withAnswer, withExercise, withStep } from './progress';

describe('lesson progress', () => {
  it('keeps the step, answers and exercises per lesson, and reads them back', () => {
    let p = withStep({}, 'queues', 3);
    p = withAnswer(p, 'queues', 1, { answer: 6, correct: true, message: 'The run gives 6.1 us' });
    p = withExercise(p, 'queues', 6, { passed: false, message: 'no' });
    const back = readProgress(JSON.stringify(p));
    expect(progressOf(back, 'queues')).toEqual({ step: 3, answers: { 1: { answer: 6, correct: true, message: 'The run gives 6.1 us' } }, exercises: { 6: { passed: false, message: 'no' } } });
    expect(score(progressOf(back, 'queues')).done).toBe(1);
    expect(progressOf(back, 'aqm')).toEqual({ step: 0, answers: {}, exercises: {} });
  });

  it('drops what is malformed instead of failing', () => {
    expect(readProgress('not json')).toEqual({});
    expect(readProgress('[1]')).toEqual({});
    expect(readProgress(JSON.stringify({ a: { step: -1 }, b: { step: 2, answers: { 0: { answer: 'x' } } } }))).toEqual({ b: { step: 2, answers: {}, exercises: {} } });
  });
});
