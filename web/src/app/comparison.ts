// A comparison's run (Controller.compare loads this module when one starts; the first paint
// runs none, issue 20): every variant in the worker, then the gaps between their dequeues.
import { splitCoreMessage } from '../scenario/paths';
import { scenarioText } from '../scenario/restore';
import { DEFAULT_MAX_TRACE_EVENTS, SimCancelled, type SimClientLike } from '../sim/client';
import type { RunResult } from '../sim/types';
import { setFieldError, setSideTab, type AppState, type ComparisonGaps } from '../store/appState';
import { variantLabels } from '../store/compareLabels';
import {
  compareCancelled, compareFailed, compareFinished, compareProgressed, compareStarted, loadComparison,
} from '../store/compareRun';
import { variantJson, type CompareSetup } from '../store/compareSetup';
import { draftOf } from '../store/editorActions';
import type { Store } from '../store/store';
import { message, sentence } from './messages';

/** Points of a comparison's gap Delta(t) chart. */
const GAP_WINDOWS = 200;

/** What of the controller a comparison uses. */
export interface ComparisonContext {
  readonly store: Store<AppState>;
  readonly sim: SimClientLike;
  /** A scheduler id to its display name. */
  readonly schedulerName: (id: string) => string;
  /** The core refused the draft: its message beside its field, or in the banner. */
  readonly refuse: (problem: string) => Promise<void>;
}

/**
 * Runs the comparison picked in the Compare tab: every variant in the worker, one after
 * another, on the draft's scenario and seed (the core applies each variant). The trace
 * budget of one run is shared among them, so memory stays that of one run. A variant the
 * core refuses is named next to its field in the Compare tab.
 */
export async function runComparison(ctx: ComparisonContext): Promise<boolean> {
  const { store, sim, schedulerName } = ctx;
  const draft = draftOf(store.getState());
  const setup = store.getState().compare;
  const text = scenarioText(draft);
  let problem: string | null;
  try {
    problem = await sim.validate(text);
  } catch (err) {
    problem = message(err);
  }
  if (problem !== null) {
    await ctx.refuse(problem);
    return false;
  }
  const n = setup.variants.length;
  const budget = Math.floor(DEFAULT_MAX_TRACE_EVENTS / n);
  store.dispatch(compareStarted(n));
  const results: RunResult[] = [];
  for (const [i, variant] of setup.variants.entries()) {
    try {
      results.push(await sim.runVariant(text, variantJson(variant), (p) => store.dispatch(compareProgressed(i, p)), budget));
    } catch (err) {
      if (err instanceof SimCancelled) {
        store.dispatch(compareCancelled);
      } else {
        store.dispatch(compareFailed(`Scheduler ${i + 1} (${variantLabels(setup, schedulerName)[i] ?? ''}) could not run: ${sentence(message(err))}`));
        variantFieldError(store, i, message(err));
      }
      return false;
    }
  }
  const gaps = await comparisonGaps(sim, setup, results);
  store.dispatch(compareFinished(loadComparison(setup, text, draft, results, schedulerName, gaps)));
  return true;
}

/**
 * The gap Delta(t) (AIFO Eq. 1) of every run to the PIFO run (else the first), computed by
 * the core from the dequeues the runs kept (scenario metrics.dequeues); null without them.
 */
async function comparisonGaps(sim: SimClientLike, setup: CompareSetup, results: readonly RunResult[]): Promise<ComparisonGaps | null> {
  const logs = results.map((r) => r.summary.dequeues ?? null);
  if (results.length < 2 || logs.some((l) => l === null)) return null;
  const found = setup.variants.findIndex((v) => v.scheduler.name === 'pifo');
  const reference = found >= 0 ? found : 0;
  const endNs = Math.max(1, ...results.map((r) => r.summary.end_ns));
  const windows = GAP_WINDOWS;
  const runs: { run: number; delta: (number | null)[]; windowNs: number }[] = [];
  try {
    for (let i = 0; i < results.length; i++) {
      if (i === reference) continue;
      const out = JSON.parse(await sim.gap(JSON.stringify(logs[reference]), JSON.stringify(logs[i]), endNs, windows)) as { delta: (number | null)[] };
      runs.push({ run: i, delta: out.delta, windowNs: endNs / windows });
    }
  } catch {
    return null;
  }
  return { reference, port: logs[reference]?.port ?? 0, runs };
}

/** "scheduler.params.x: problem" from the core, beside that field of the variant's form. */
function variantFieldError(store: Store<AppState>, i: number, error: string): void {
  const { path, message: text } = splitCoreMessage(error);
  const field = path === 'scheduler.name' ? 'scheduler' : path.startsWith('routers') ? 'routers' : path;
  if (/^(scheduler|routers|slack|edge_codel)/.test(field)) {
    store.dispatch(setFieldError({ path: `compare[${i}].${field}`, message: text }));
    store.dispatch(setSideTab('compare'));
  }
}
