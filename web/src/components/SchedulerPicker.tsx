import { useAppState } from '../app/context';
import { fieldText, type FieldSpec } from '../scenario/fields';
import { paramField, withParam } from '../scenario/paramFields';
import type { ParamValue, SchedulerSpec } from '../scenario/types';
import { Field } from './Field';
import { ProgramField } from './ProgramField';

interface Props {
  /** Path of the scheduler spec in the scenario, e.g. "topology.nodes[3].scheduler". */
  readonly path: string;
  readonly label: string;
  readonly spec: SchedulerSpec | undefined;
  /** What applies when the spec is absent, e.g. "the node's (fifo)"; null: a scheduler is required. */
  readonly inherits: string | null;
  readonly onChange: (spec: SchedulerSpec | undefined) => void;
}

/** A scheduler and its parameters, as the core's registry describes them. */
export function SchedulerPicker({ path, label, spec, inherits, onChange }: Props) {
  const registry = useAppState((s) => s.schedulers);
  const error = useAppState((s) => (s.fieldError?.path === path ? s.fieldError.message : null));
  const info = registry.find((r) => r.name === spec?.name);
  const names = registry.map((r) => r.name);
  // The registry comes from the worker's full wasm module, which loads after the first run.
  const loading = registry.length === 0;
  if (spec && !names.includes(spec.name)) names.push(spec.name);
  const unknownParams = Object.keys(spec?.params ?? {}).filter((k) => !info?.params.some((p) => p.name === k));

  const setParam = (name: string, value: unknown) => {
    if (spec) onChange(withParam(spec, info, name, value as ParamValue | undefined));
  };
  /** A new spec; a class scheduler that needs children starts with two FIFO classes. */
  const fresh = (name: string): SchedulerSpec =>
    (registry.find((r) => r.name === name)?.children === 'required' ? { name, children: [{ name: 'fifo' }, { name: 'fifo' }] } : { name });
  const setChildren = (children: readonly SchedulerSpec[]) => {
    if (spec) onChange({ ...spec, children });
  };
  const unknownField = (name: string): FieldSpec => ({
    key: `params.${name}`, label: name, input: { kind: 'text' }, optional: true,
    help: `${spec?.name ?? ''} has no parameter "${name}"; clear it`,
  });

  return (
    <fieldset className="scheduler-picker" data-testid={`scheduler-${path}`}>
      <legend>{label}</legend>
      <label className={`field${error !== null ? ' invalid' : ''}`}>
        <span className="field-label">scheduler</span>
        <select data-testid={`field-${path}`} aria-label={`${label}: scheduler`} value={spec?.name ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : fresh(e.target.value))}>
          {inherits !== null && <option value="">inherit: {inherits}</option>}
          {names.map((n) => <option key={n} value={n}>{registry.find((r) => r.name === n)?.display ?? (loading ? n : `${n} (unknown)`)}</option>)}
        </select>
        {loading && <span className="muted" data-testid="schedulers-loading">The scheduler list is loading (the full simulator follows the first run).</span>}
        {error !== null && <span className="field-error" role="alert" data-testid={`field-error-${path}`}>{error}</span>}
      </label>
      {info && (
        <p className="scheduler-info">
          <strong data-testid={`scheduler-display-${path}`}>{info.display}</strong>: {info.summary}{' '}
          <span className="muted">Queued packets show their {info.key.label}. {info.reference} In scenario files: <code>{info.name}</code>.</span>
        </p>
      )}
      {spec && info?.params.map((p) => {
        const value = spec.params?.[p.name];
        if (p.type === 'program') {
          // Only with rank = custom (the built-in ranks ignore it).
          if (spec.params?.rank !== 'custom') return null;
          return (
            <ProgramField key={p.name} target={p.target} path={`${path}.params.${p.name}`}
              text={typeof value === 'string' ? value : typeof p.default === 'string' ? p.default : ''} onCommit={(t) => setParam(p.name, t)} />
          );
        }
        return (
          <Field key={`${p.name}=${fieldText(value)}`} spec={paramField(p)} path={`${path}.params.${p.name}`}
            value={value} onCommit={(v) => setParam(p.name, v)} />
        );
      })}
      {spec && unknownParams.map((name) => (
        <Field key={name} spec={unknownField(name)} path={`${path}.params.${name}`} value={spec.params?.[name]} onCommit={(v) => setParam(name, v)} />
      ))}
      {spec && ((info !== undefined && info.children !== 'none') || (spec.children?.length ?? 0) > 0) && (
        <div className="children">
          {info?.children === 'optional' && (spec.children?.length ?? 0) === 0 && (
            <p className="muted" data-testid={`no-classes-${path}`}>No classes: it keeps its own queues. Add a class to give each traffic class its own scheduler (class i to child i).</p>
          )}
          {(spec.children ?? []).map((child, i) => (
            <div className="child" key={i}>
              <SchedulerPicker path={`${path}.children[${i}]`} label={`Class ${i}${i === (spec.children?.length ?? 0) - 1 ? ' (and higher)' : ''}`}
                spec={child} inherits={null}
                onChange={(c) => setChildren((spec.children ?? []).map((x, j) => (j === i ? c ?? { name: 'fifo' } : x)))} />
              <button type="button" className="icon" aria-label={`Remove class ${i}`}
                onClick={() => setChildren((spec.children ?? []).filter((_, j) => j !== i))}>×</button>
            </div>
          ))}
          <button type="button" className="chip" data-testid={`add-class-${path}`}
            onClick={() => setChildren([...(spec.children ?? []), { name: 'fifo' }])}>+ class</button>
        </div>
      )}
    </fieldset>
  );
}
