import { useController } from '../app/context';
import { setField } from '../scenario/commands';
import { fieldText, type FieldSpec } from '../scenario/fields';
import type { EditableScenario } from '../scenario/types';
import { edit } from '../store/editorActions';
import { Field } from './Field';
import { SchedulerPicker } from './SchedulerPicker';
import { SlackHint } from './SlackHint';
import { BufferHint } from './BufferHint';

const FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'name', input: { kind: 'text' } },
  { key: 'description', label: 'description', input: { kind: 'text' }, optional: true },
  { key: 'seed', label: 'seed', input: { kind: 'int', min: 0, max: 4294967295 }, help: 'same scenario and seed, same run' },
  { key: 'duration', label: 'duration', input: { kind: 'quantity', unit: 'time' }, help: 'simulated time' },
];

/** The scenario as a whole: shown when nothing is selected. */
export function ScenarioForm({ draft }: { draft: EditableScenario }) {
  const { store } = useController();
  const set = (path: string, value: unknown) => store.dispatch(edit((s) => setField(s, path, value)));
  return (
    <div className="form" data-testid="scenario-form">
      <h3>Scenario</h3>
      {FIELDS.map((f) => {
        const value = (draft as unknown as Record<string, unknown>)[f.key];
        return <Field key={`${f.key}=${fieldText(value)}`} spec={f} path={f.key} value={value} onCommit={(v) => set(f.key, v)} />;
      })}
      <SchedulerPicker path="default_scheduler" label="Default scheduler (routers without their own)"
        spec={draft.default_scheduler ?? undefined} inherits="fifo" onChange={(spec) => set('default_scheduler', spec)} />
      <SlackHint spec={draft.default_scheduler ?? undefined} />
      <BufferHint spec={draft.default_scheduler ?? undefined} onChange={(spec) => set('default_scheduler', spec)} />
      <label className="check" title="Netbench runs one output-port kind at every port, the servers' NICs included (the AIFO paper's simulations)">
        <input type="checkbox" data-testid="default-scheduler-on-hosts" checked={draft.default_scheduler_on_hosts ?? false}
          onChange={(e) => set('default_scheduler_on_hosts', e.target.checked ? true : undefined)} />
        {' '}hosts' ports (NICs) run it too
      </label>
      <p className="muted hint-text">Select a node or link on the drawing to edit it; the Traffic tab holds the flows.</p>
    </div>
  );
}
