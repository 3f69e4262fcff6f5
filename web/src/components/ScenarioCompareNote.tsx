import { useAppState, useController } from '../app/context';
import { displayName } from '../scenario/registry';
import { setCompareSetup } from '../store/compareActions';
import { sameSetup, scenarioSetup } from '../store/compareSetup';

/**
 * The comparison the draft is made for (its `compare` field): says the setup below is it, or,
 * once the setup was changed, offers it back. Nothing when the draft names none.
 */
export function ScenarioCompareNote() {
  const { store } = useController();
  const draft = useAppState((s) => s.history.present);
  const setup = useAppState((s) => s.compare);
  const registry = useAppState((s) => s.schedulers);
  const own = scenarioSetup(draft);
  if (own === null) return null;
  const names = own.variants.map((v) => displayName(registry, v.scheduler.name)).join(', ');
  if (sameSetup(own, setup)) {
    return (
      <p className="hint-text" data-testid="compare-scenario-note">
        Set up with the comparison this scenario is made for (its <code>compare</code> field): {names}.
      </p>
    );
  }
  return (
    <p className="hint-text" data-testid="compare-scenario-note">
      This scenario is made for a comparison of {names}.{' '}
      <button type="button" data-testid="compare-use-scenario" onClick={() => store.dispatch(setCompareSetup(own))}>
        Set it up
      </button>
    </p>
  );
}
