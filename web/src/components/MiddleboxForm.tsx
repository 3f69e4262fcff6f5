// The middlebox part of a router's form: whether it is one, its CPU scheduler (any registry
// scheduler; DRFQ and MR3 read each packet's CPU and link times), its modules with their
// a * size + b costs, which module each flow uses, and how many packets the link stage may
// hold before the CPU waits, and what each flow may hold waiting for the CPU (beyond it the
// stage drops: flow_queue_full). The core checks every value (errors name the field).
import { useAppState, useController } from '../app/context';
import {
  addModule, assignFlow, DEFAULT_MIDDLEBOX, removeModule, setMiddlebox, setModule,
} from '../scenario/middlebox';
import type { EditableScenario, MiddleboxSpec } from '../scenario/types';
import { edit } from '../store/editorActions';
import { SchedulerPicker } from './SchedulerPicker';

export function MiddleboxForm({ draft, id, index }: { draft: EditableScenario; id: string; index: number }) {
  const { store } = useController();
  const error = useAppState((s) => (s.fieldError?.path.startsWith(`topology.nodes[${index}].middlebox`) ? s.fieldError : null));
  const node = draft.topology.nodes[index];
  if (!node || node.kind !== 'router') return null;
  const mb = node.middlebox ?? undefined;
  const set = (spec: MiddleboxSpec | undefined) => store.dispatch(edit((s) => setMiddlebox(s, id, spec)));
  if (!mb) {
    return (
      <button type="button" data-testid="make-middlebox" onClick={() => set(DEFAULT_MIDDLEBOX)}>
        Make it a middlebox (a CPU stage before its ports)
      </button>
    );
  }
  const flows = draft.traffic.filter((t) => t.kind !== 'workload').map((t) => t.id);
  const first = mb.modules[0]?.name ?? '';
  return (
    <fieldset className="middlebox-form" data-testid="middlebox-form">
      <legend>Middlebox: CPU, then link</legend>
      <SchedulerPicker path={`topology.nodes[${index}].middlebox.scheduler`} label="CPU scheduler (which flow's head packet the CPU takes next)"
        spec={mb.scheduler ?? undefined} inherits="DRFQ"
        onChange={(spec) => set({ ...mb, scheduler: spec })} />
      <table className="modules">
        <caption>Modules: CPU time = a × size + b</caption>
        <thead><tr><th>name</th><th>a (ns per byte)</th><th>b</th><th /></tr></thead>
        <tbody>
          {mb.modules.map((m, i) => (
            <tr key={`${i}-${m.name}`} data-testid={`module-${i}`}>
              <td><input aria-label={`module ${i + 1} name`} defaultValue={m.name}
                onBlur={(e) => { if (e.target.value !== m.name) set(setModule(mb, i, { ...m, name: e.target.value })); }} /></td>
              <td><input aria-label={`module ${i + 1} a`} type="number" min={0} step="any" defaultValue={m.a}
                onBlur={(e) => { const a = Number(e.target.value); if (a !== m.a) set(setModule(mb, i, { ...m, a })); }} /></td>
              <td><input aria-label={`module ${i + 1} b`} defaultValue={m.b}
                onBlur={(e) => { if (e.target.value !== m.b) set(setModule(mb, i, { ...m, b: e.target.value })); }} /></td>
              <td><button type="button" className="icon" aria-label={`remove module ${m.name}`} disabled={mb.modules.length <= 1}
                onClick={() => set(removeModule(mb, i))}>×</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" data-testid="add-module" onClick={() => set(addModule(mb))}>+ Module</button>
      <div className="form-list">
        <span className="field-label">flows' modules</span>
        {flows.length === 0 && <span className="muted">no traffic yet</span>}
        {flows.map((f) => (
          <label key={f} className="assign">
            {f}{' '}
            <select aria-label={`module of ${f}`} value={mb.assign?.[f] ?? first}
              onChange={(e) => set(assignFlow(mb, f, e.target.value))}>
              {mb.modules.map((m) => <option key={m.name} value={m.name}>{m.name}</option>)}
            </select>
          </label>
        ))}
      </div>
      <label className="field">
        <span className="field-label">link stage holds at most (packets)</span>
        <input type="number" min={1} step={1} aria-label="link queue" defaultValue={mb.link_queue ?? 8}
          onBlur={(e) => { const k = Number(e.target.value); if (k !== (mb.link_queue ?? 8)) set({ ...mb, link_queue: k }); }} />
      </label>
      <label className="field">
        <span className="field-label">each flow may hold, waiting for the CPU (e.g. 200pkt; empty: unlimited)</span>
        <input aria-label="flow queue" placeholder="unlimited" defaultValue={mb.flow_queue ?? ''}
          onBlur={(e) => {
            const v = e.target.value.trim();
            if (v !== (mb.flow_queue ?? '')) set({ ...mb, flow_queue: v === '' ? undefined : v });
          }} />
      </label>
      {error && <p className="note error" role="alert">{error.path}: {error.message}</p>}
      <button type="button" className="danger" data-testid="remove-middlebox" onClick={() => set(undefined)}>
        Make it a plain router
      </button>
    </fieldset>
  );
}
