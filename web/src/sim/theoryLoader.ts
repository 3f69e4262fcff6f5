// sim/theory.ts on demand: the guided examples' tables and steps load with the first guided
// example (the controller loads them before it shows a step), not before the first paint
// (issue 20: with them, scenario/units.ts).
type Theory = typeof import('./theory');

let loaded: Theory | null = null;

/** Loads sim/theory.ts (once). */
export async function loadTheory(): Promise<Theory> {
  loaded ??= await import('./theory');
  return loaded;
}

/** sim/theory.ts once loadTheory has resolved, else null (then no guide step is shown: the controller shows one only after loading it). */
export const theoryLoaded = (): Theory | null => loaded;
