import { useAppState } from '../app/context';
import { LinkForm } from './LinkForm';
import { NodeForm } from './NodeForm';
import { ScenarioForm } from './ScenarioForm';

/** The form of whatever is selected: a node, a link, or (nothing selected) the scenario. */
export function Inspector() {
  const draft = useAppState((s) => s.history.present);
  const selection = useAppState((s) => s.selection);
  if (selection?.kind === 'node') return <NodeForm key={selection.id} draft={draft} id={selection.id} />;
  if (selection?.kind === 'link') return <LinkForm key={selection.index} draft={draft} index={selection.index} />;
  return <ScenarioForm draft={draft} />;
}
