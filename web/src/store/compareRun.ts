// A comparison's life (pure, state -> state): started, progress, finished (its runs wrapped for
// the compare view), failed, cancelled. Loaded with the first comparison (app/comparison.ts).
import type { EditableScenario } from '../scenario/types';
import type { RunResult } from '../sim/types';
import { niceRound } from '../view/format';
import { COMPARE_COLOURS, COMPARE_DASHES } from '../view/palette';
import { TARGET_PLAY_SECONDS, loadRun, type AppState, type ComparedRun, type ComparisonGaps, type LoadedComparison } from './appState';
import { variantLabels, type SchedulerName } from './compareLabels';
import type { CompareSetup, CompareVariant } from './compareSetup';

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
