// A learner's progress through the lessons, kept in this browser (localStorage): per lesson, the
// step reached and each answer with the core's grade. Pure: the storage is passed in.
export interface SavedAnswer {
  readonly answer: number;
  readonly correct: boolean;
  readonly message: string;
}

export interface SavedExercise {
  readonly passed: boolean;
  readonly message: string;
}

export interface LessonProgress {
  readonly step: number;
  /** Step index -> the answer given and its grade. */
  readonly answers: Readonly<Record<string, SavedAnswer>>;
  readonly exercises: Readonly<Record<string, SavedExercise>>;
}

export type Progress = Readonly<Record<string, LessonProgress>>;

export const PROGRESS_KEY = 'scheduler-playground:lessons';

export const EMPTY: LessonProgress = { step: 0, answers: {}, exercises: {} };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads saved progress; anything malformed is dropped (progress is a convenience, not data). */
export function readProgress(text: string | null): Progress {
  if (text === null) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(v)) return {};
  const out: Record<string, LessonProgress> = {};
  for (const [id, p] of Object.entries(v)) {
    if (!isObject(p) || typeof p.step !== 'number' || !Number.isInteger(p.step) || p.step < 0) continue;
    const answers: Record<string, SavedAnswer> = {};
    for (const [k, a] of Object.entries(isObject(p.answers) ? p.answers : {})) {
      if (isObject(a) && typeof a.answer === 'number' && typeof a.correct === 'boolean' && typeof a.message === 'string') {
        answers[k] = { answer: a.answer, correct: a.correct, message: a.message };
      }
    }
    const exercises: Record<string, SavedExercise> = {};
    for (const [k, e] of Object.entries(isObject(p.exercises) ? p.exercises : {})) {
      if (isObject(e) && typeof e.passed === 'boolean' && typeof e.message === 'string') exercises[k] = { passed: e.passed, message: e.message };
    }
    out[id] = { step: p.step, answers, exercises };
  }
  return out;
}

export const progressOf = (all: Progress, id: string): LessonProgress => all[id] ?? EMPTY;

export const withStep = (all: Progress, id: string, step: number): Progress => ({ ...all, [id]: { ...progressOf(all, id), step } });

export const withAnswer = (all: Progress, id: string, step: number, a: SavedAnswer): Progress => {
  const p = progressOf(all, id);
  return { ...all, [id]: { ...p, answers: { ...p.answers, [String(step)]: a } } };
};

export const withExercise = (all: Progress, id: string, step: number, e: SavedExercise): Progress => {
  const p = progressOf(all, id);
  return { ...all, [id]: { ...p, exercises: { ...p.exercises, [String(step)]: e } } };
};

/** Steps with a question or exercise, and how many of them are answered right or passed. */
export function score(p: LessonProgress): { readonly done: number } {
  return { done: Object.values(p.answers).filter((a) => a.correct).length + Object.values(p.exercises).filter((e) => e.passed).length };
}
