/// <reference lib="webworker" />
// The lessons' worker: a thin adapter from Comlink calls to the binding's LessonPlan. No logic
// here: the core reads the lesson, runs the steps' scenarios and grades answers and exercises.
import * as Comlink from 'comlink';
import init, * as core from '../../../wasm-core/wasm/pkg/sched_wasm.js';

const ready = init();

function withPlan<T>(text: string, files: string, f: (p: core.LessonPlan) => T): T {
  const plan = core.lesson_plan(text, files);
  try {
    return f(plan);
  } finally {
    plan.free();
  }
}

const api = {
  /** Each step's scenario text (throws "field.path: problem" for a malformed lesson). */
  async plan(text: string, files: string): Promise<string[]> {
    await ready;
    return withPlan(text, files, (p) => Array.from({ length: p.steps() }, (_, i) => p.scenario(i)));
  },
  /** A learner's answer (JSON) to step `step`'s question graded on the step's run: JSON of the core's Grade. */
  async grade(text: string, files: string, step: number, answer: string): Promise<string> {
    await ready;
    return withPlan(text, files, (p) => p.grade(step, answer));
  },
  /** Step `step`'s exercise on the learner's scenario: JSON {passed, message}. */
  async exercise(text: string, files: string, step: number, scenario: string): Promise<string> {
    await ready;
    return withPlan(text, files, (p) => p.exercise(step, scenario));
  },
};

export type LessonWorkerApi = typeof api;
Comlink.expose(api);
