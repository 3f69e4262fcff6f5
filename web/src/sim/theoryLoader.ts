// sim/theory.ts on demand: the scripted schedules' tables and a lesson's marks load with the
// first one (the lesson session loads them before it shows a mark), not before the first paint
// (issue 20: with them, scenario/units.ts).
type Theory = typeof import('./theory');

let loaded: Theory | null = null;

/** Loads sim/theory.ts (once). */
export async function loadTheory(): Promise<Theory> {
  loaded ??= await import('./theory');
  return loaded;
}

/** sim/theory.ts once loadTheory has resolved, else null (then no mark is shown: the lesson session shows one only after loading it). */
export const theoryLoaded = (): Theory | null => loaded;
