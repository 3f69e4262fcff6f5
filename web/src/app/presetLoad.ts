// A topology preset loaded into the draft (Controller.loadPreset loads this module with the
// first preset; the first paint loads none, issue 20).
import { pruneTraffic } from '../scenario/commands';
import { splitCoreMessage } from '../scenario/paths';
import { presetTraffic } from '../scenario/presetTraffic';
import { restoreScenario } from '../scenario/restore';
import { isPreset, type EditableScenario, type ParamValue, type Scenario } from '../scenario/types';
import type { SimClientLike } from '../sim/client';
import { setFieldError, showError, showNotice, type AppState } from '../store/appState';
import { draftOf, loadDraft } from '../store/editorActions';
import type { Store } from '../store/store';
import { message, sentence } from './messages';

/** Replaces the draft's topology with an expanded preset (undoable); traffic that no longer fits is removed. */
export async function loadPreset(
  store: Store<AppState>, sim: SimClientLike, name: string, params: Readonly<Record<string, ParamValue>>,
): Promise<boolean> {
  const draft = draftOf(store.getState());
  const request: Scenario = { ...draft, traffic: [], topology: { preset: name, params } };
  let expanded: Scenario;
  try {
    const r = restoreScenario(await sim.editable(JSON.stringify(request)));
    if (!r.ok || isPreset(r.scenario.topology)) throw new Error(r.ok ? 'the core returned a preset, not nodes and links' : r.error);
    expanded = r.scenario;
  } catch (err) {
    // "topology.params.delay: ..." belongs next to the dialog's field for that parameter.
    const { path, message: text } = splitCoreMessage(message(err));
    const param = /^topology\.params\.(\w+)$/.exec(path)?.[1];
    if (param !== undefined) store.dispatch(setFieldError({ path: `preset.params.${param}`, message: text }));
    else store.dispatch(showError(`The preset "${name}" could not be loaded: ${sentence(message(err))}`));
    return false;
  }
  const info = store.getState().presets?.find((p) => p.name === name);
  const args = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`).join(', ');
  const named = { ...(expanded as EditableScenario), name: `${name}${args ? ` (${args})` : ''}`, description: info?.summary ?? '', traffic: draft.traffic };
  const { scenario: pruned, removed } = pruneTraffic(named);
  // Nothing of the draft's traffic fits: the preset comes with its default workload.
  const fresh = pruned.traffic.length === 0 ? presetTraffic(name) : null;
  const scenario = fresh ? { ...pruned, traffic: fresh.traffic, ...(fresh.duration ? { duration: fresh.duration } : {}) } : pruned;
  store.dispatch(loadDraft(scenario));
  const kept = removed.length > 0 ? ` Removed traffic whose hosts it does not have: ${removed.join(', ')}.` : '';
  const added = fresh ? ` It comes with ${fresh.what}; press Run (R).` : ' Kept your traffic; press Run (R).';
  store.dispatch(showNotice(`Loaded ${name}.${kept}${added}`));
  return true;
}
