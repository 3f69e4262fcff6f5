import { useAppState, useController } from '../app/context';
import { inherited } from '../scenario/choices';
import { deleteLink, setField, setPortScheduler } from '../scenario/commands';
import { fieldText, type FieldSpec } from '../scenario/fields';
import type { EditableScenario } from '../scenario/types';
import { edit } from '../store/editorActions';
import { Field } from './Field';
import { CurveView } from './lazy';
import { Part } from './Part';
import { PortState } from './PortState';
import { SchedulerPicker } from './SchedulerPicker';

const FIELDS: readonly FieldSpec[] = [
  { key: 'bandwidth', label: 'bandwidth', input: { kind: 'quantity', unit: 'bandwidth' }, help: 'each direction; "inf" for no transmission time' },
  { key: 'delay', label: 'delay', input: { kind: 'quantity', unit: 'time' }, help: 'propagation delay' },
  { key: 'buffer', label: 'buffer', input: { kind: 'quantity', unit: 'buffer' }, optional: true, defaultText: 'unlimited', help: 'per output port: a size, "100pkt" or "unlimited"' },
];

export function LinkForm({ draft, index }: { draft: EditableScenario; index: number }) {
  const { store } = useController();
  const ports = useAppState((s) => s.portChoices);
  const link = draft.topology.links[index];
  if (!link) return null;
  const base = `topology.links[${index}]`;

  return (
    <div className="form" data-testid="link-form">
      <h3>Link <code>{link.from}</code> ↔ <code>{link.to}</code></h3>
      {FIELDS.map((f) => {
        const value = (link as unknown as Record<string, unknown>)[f.key];
        return (
          <Field key={`${f.key}=${fieldText(value)}`} spec={f} path={`${base}.${f.key}`} value={value}
            onCommit={(v) => store.dispatch(edit((s) => setField(s, `${base}.${f.key}`, v)))} />
        );
      })}
      {[[link.from, link.to], [link.to, link.from]].map(([owner = '', far = '']) => (
        <div key={owner}>
          <SchedulerPicker path={`${base}.schedulers.${owner}`} label={`Port at ${owner} (towards ${far})`}
            spec={link.schedulers?.[owner]} inherits={inherited(ports, index, owner, ['topology.links[']) ?? `${owner}'s`}
            onChange={(spec) => store.dispatch(edit((s) => setPortScheduler(s, index, owner, spec)))} />
          <PortState owner={owner} far={far} />
          <Part what="the service curves" fallback={null}><CurveView owner={owner} far={far} link={index} /></Part>
        </div>
      ))}
      <button type="button" className="danger" data-testid="delete-link"
        onClick={() => store.dispatch(edit((s) => deleteLink(s, index), null))}>
        Delete link
      </button>
    </div>
  );
}
