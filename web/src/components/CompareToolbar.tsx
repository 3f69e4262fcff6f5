import { useAppState, useController } from '../app/context';
import { scenarioText } from '../scenario/restore';
import type { LoadedComparison } from '../store/appState';
import { showView } from '../store/compareActions';

/** Above the compare view: what is compared, on what, and the way back to the editor. */
export function CompareToolbar({ comparison }: { readonly comparison: LoadedComparison }) {
  const { store } = useController();
  const stale = useAppState((s) => scenarioText(s.history.present) !== comparison.scenarioText);

  return (
    <div className="editor-toolbar compare-toolbar" role="toolbar" aria-label="Comparison">
      <strong>Comparing {comparison.runs.length} schedulers</strong>
      <span className="tool-hint">
        on {comparison.draft.name}, seed {comparison.draft.seed}: the same flows at the same times in every run
        {stale ? ' (the draft has changed since)' : ''}
      </span>
      <button type="button" data-testid="compare-back" onClick={() => store.dispatch(showView('single'))} title="The editor and the single run">
        Back to the editor
      </button>
    </div>
  );
}
