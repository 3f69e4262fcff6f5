import { useAppState, useController } from '../app/context';
import { deleteNode, nodeIdProblem, renameNode, setNodeScheduler } from '../scenario/commands';
import type { FieldSpec } from '../scenario/fields';
import type { EditableScenario } from '../scenario/types';
import { inherited } from '../scenario/choices';
import { edit, select } from '../store/editorActions';
import { Field } from './Field';
import { SlackHint } from './SlackHint';
import { BufferHint } from './BufferHint';
import { MiddleboxForm } from './MiddleboxForm';
import { SchedulerPicker } from './SchedulerPicker';

const NAME: FieldSpec = { key: 'id', label: 'name', input: { kind: 'text' } };

export function NodeForm({ draft, id }: { draft: EditableScenario; id: string }) {
  const { store } = useController();
  const ports = useAppState((s) => s.portChoices);
  const index = draft.topology.nodes.findIndex((n) => n.id === id);
  const node = draft.topology.nodes[index];
  if (!node) return null;
  const links = draft.topology.links.map((l, i) => ({ l, i })).filter(({ l }) => l.from === id || l.to === id);
  // What its ports run without the node's own choice (the core's answer; a node without links has no port).
  const first = links[0];
  const inherits = first ? inherited(ports, first.i, id, ['topology.links[', 'node_schedulers.', 'topology.nodes[']) : null;
  const rename = (to: unknown) => {
    if (typeof to !== 'string') return;
    store.dispatch(edit((s) => renameNode(s, { id, to }), { kind: 'node', id: to }));
  };

  return (
    <div className="form" data-testid="node-form">
      <h3>{node.middlebox ? 'Middlebox' : node.kind === 'router' ? 'Router' : 'Host'} <code>{node.id}</code></h3>
      <Field key={node.id} spec={NAME} path={`topology.nodes[${index}].id`} value={node.id}
        onCommit={rename} extraCheck={(v) => nodeIdProblem(draft, id, String(v))} />
      <SchedulerPicker path={`topology.nodes[${index}].scheduler`} label="Scheduler of its output ports"
        spec={node.scheduler ?? undefined} inherits={inherits ?? (node.kind === 'router' ? 'scenario default or FIFO' : 'FIFO')}
        onChange={(spec) => store.dispatch(edit((s) => setNodeScheduler(s, id, spec)))} />
      <SlackHint spec={node.scheduler ?? undefined} />
      <BufferHint spec={node.scheduler ?? undefined} onChange={(spec) => store.dispatch(edit((s) => setNodeScheduler(s, id, spec)))} />
      <MiddleboxForm draft={draft} id={id} index={index} />
      <div className="form-list">
        <span className="field-label">links</span>
        {links.length === 0 && <span className="muted">none yet: use the Link tool</span>}
        {links.map(({ l, i }) => (
          <button type="button" key={i} className="chip" onClick={() => store.dispatch(select({ kind: 'link', index: i }))}>
            {l.from === id ? l.to : l.from} · {l.bandwidth}
          </button>
        ))}
      </div>
      <button type="button" className="danger" data-testid="delete-node"
        onClick={() => store.dispatch(edit((s) => deleteNode(s, id), null))}>
        Delete {node.id}
      </button>
    </div>
  );
}
