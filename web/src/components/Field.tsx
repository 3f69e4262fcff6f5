import { useState, type KeyboardEvent } from 'react';
import { useAppState } from '../app/context';
import { checkField, fieldPlaceholder, fieldText, type FieldSpec } from '../scenario/fields';

export interface FieldProps {
  readonly spec: FieldSpec;
  /** Full path of the field in the scenario (core notation): names it for errors and tests. */
  readonly path: string;
  readonly value: unknown;
  readonly onCommit: (value: unknown) => void;
  /** A further check (e.g. a node name must be unique); returns the problem or null. */
  readonly extraCheck?: (value: unknown) => string | null;
  /** A table cell: no visible label. */
  readonly compact?: boolean;
}

/**
 * One form field generated from a FieldSpec. Text is checked when the field is left (or on
 * Enter); a value that does not pass is refused with the reason next to the field, and the
 * scenario keeps its old value. Remount it (key) when the stored value changes.
 */
export function Field({ spec, path, value, onCommit, extraCheck, compact = false }: FieldProps) {
  const [text, setText] = useState(fieldText(value, spec.input));
  const [localError, setLocalError] = useState<string | null>(null);
  const nodes = useAppState((s) => s.history.present.topology.nodes);
  const traffic = useAppState((s) => s.history.present.traffic);
  const hosts = nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const coreError = useAppState((s) => (s.fieldError?.path === path ? s.fieldError.message : null));
  const error = localError ?? coreError;

  const commit = (raw: string) => {
    const r = checkField(spec, raw, { hosts, nodes: nodes.map((n) => n.id), flows: traffic.map((t) => t.id) });
    const problem = r.ok ? extraCheck?.(r.value) ?? null : r.error;
    setLocalError(problem);
    if (r.ok && problem === null && JSON.stringify(r.value) !== JSON.stringify(value)) onCommit(r.value);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(e.currentTarget.value);
  };

  const input = spec.input;
  const common = {
    'data-testid': `${compact ? 'cell' : 'field'}-${path}`,
    'aria-label': spec.label,
    'aria-invalid': error !== null,
    title: spec.help,
  };
  const options = input.kind === 'choice' ? input.options : input.kind === 'host' ? hosts : null;
  const control = options !== null ? (
    <select {...common} value={text} onChange={(e) => { setText(e.target.value); commit(e.target.value); }}>
      {(spec.optional || !options.includes(text)) && (
        <option value="">{spec.optional ? defaultLabel(spec, compact) : '—'}</option>
      )}
      {options.map((o) => <option key={o} value={o}>{o}</option>)}
    </select>
  ) : (
    <input {...common} type="text" value={text} placeholder={fieldPlaceholder(spec)} spellCheck={false}
      inputMode={input.kind === 'int' || input.kind === 'number' ? 'decimal' : undefined}
      onChange={(e) => setText(e.target.value)} onBlur={(e) => commit(e.target.value)} onKeyDown={onKey} />
  );
  const message = error !== null && (
    <span className="field-error" role="alert" data-testid={`${compact ? 'cell' : 'field'}-error-${path}`}>{error}</span>
  );
  if (compact) return <span className={`cell-field${error !== null ? ' invalid' : ''}`}>{control}{message}</span>;
  return (
    <label className={`field${error !== null ? ' invalid' : ''}`}>
      <span className="field-label">{spec.label}</span>
      {control}
      {message}
      {spec.help && <span className="field-help">{spec.help}</span>}
    </label>
  );
}

/** The empty choice of an optional select: the default it stands for. */
function defaultLabel(spec: FieldSpec, compact: boolean): string {
  if (spec.defaultText === undefined) return 'default';
  return compact ? spec.defaultText : `default: ${spec.defaultText}`;
}
