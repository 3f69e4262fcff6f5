// Comparison actions (pure, state -> state): the setup being edited, a comparison's life
// (started, progress, finished, failed, cancelled) and the switch between the single view and
// the compare view. The controller runs the variants in the worker one after another.
import type { EditableScenario } from '../scenario/types';
import type { RunResult } from '../sim/types';
import { niceRound } from '../view/format';
import { COMPARE_COLOURS, COMPARE_DASHES } from '../view/palette';
import { TARGET_PLAY_SECONDS, loadRun, type AppState, type ComparedRun, type ComparisonGaps, type LoadedComparison, type View } from './appState';
import { variantLabels, type CompareSetup, type CompareVariant, type SchedulerName } from './compareSetup';

/** Wraps the finished runs of a comparison: names (schedulers by `name`), colours, one timeline. */
export function loadComparison(setup: CompareSetup, scenarioText: string, draft: EditableScenario, results: readonly RunResult[], name?: SchedulerName, gaps: ComparisonGaps | null = null): LoadedComparison {
  const labels = variantLabels(setup, name);
  const runs = results.map((r, i): ComparedRun => ({
    variant: setup.variants[i] as CompareVariant,
    label: labels[i] ?? `run ${i + 1}`,
    colour: COMPARE_COLOURS[i % COMPARE_COLOURS.length] as string,
    dash: COMPARE_DASHES[i % COMPARE_DASHES.length] as string,
    run: loadRun(r, scenarioText),
  }));
  const endNs = Math.max(1, ...runs.map((r) => r.run.endNs));
  return { setup, scenarioText, draft, runs, endNs, baseRate: niceRound(endNs / TARGET_PLAY_SECONDS), gaps };
}

export const setCompareSetup = (setup: CompareSetup) => (s: AppState): AppState => ({ ...s, compare: setup });

export const compareStarted = (of: number) => (s: AppState): AppState =>
  ({ ...s, compareState: 'running', compareProgress: { index: 0, of, fraction: 0 }, fieldError: null });

export const compareProgressed = (index: number, fraction: number) => (s: AppState): AppState =>
  (s.compareState === 'running' && s.compareProgress ? { ...s, compareProgress: { ...s.compareProgress, index, fraction } } : s);

/** A comparison finished: shown in the compare view from the start, playing. */
export const compareFinished = (comparison: LoadedComparison) => (s: AppState): AppState => ({
  ...s,
  compareState: 'idle',
  compareProgress: null,
  comparison,
  view: 'compare',
  playing: !s.reducedMotion,
  position: s.run ? s.run.playback.seek(0) : { t: 0, cursor: 0 },
});

export const compareFailed = (message: string) => (s: AppState): AppState =>
  ({ ...s, compareState: 'error', compareProgress: null, error: message });

export const compareCancelled = (s: AppState): AppState => ({ ...s, compareState: 'idle', compareProgress: null });

/** Shows the comparison (when there is one) or the single run; the playhead starts over. */
export const showView = (view: View) => (s: AppState): AppState => {
  if (view === s.view || (view === 'compare' && !s.comparison)) return s;
  return { ...s, view, playing: false, position: s.run ? s.run.playback.seek(0) : { t: 0, cursor: 0 } };
};
