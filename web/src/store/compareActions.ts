// Comparison actions (pure, state -> state): the setup being edited and the switch between the
// single view and the compare view. A comparison's life (started, progress, finished, failed,
// cancelled) is in compareRun.ts, loaded with the first comparison (issue 20); the controller
// runs the variants in the worker one after another (app/comparison.ts).
import type { AppState, View } from './appState';
import type { CompareSetup } from './compareSetup';

export const setCompareSetup = (setup: CompareSetup) => (s: AppState): AppState => ({ ...s, compare: setup });

/** Shows the comparison (when there is one) or the single run; the playhead starts over. */
export const showView = (view: View) => (s: AppState): AppState => {
  if (view === s.view || (view === 'compare' && !s.comparison)) return s;
  return { ...s, view, playing: false, position: s.run ? s.run.playback.seek(0) : { t: 0, cursor: 0 } };
};
