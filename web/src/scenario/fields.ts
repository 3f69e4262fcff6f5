// Form fields as data: what a field holds, how its text is checked and what is stored. The
// inspector, the traffic table and the scheduler forms all render FieldSpecs, so a new
// parameter type is one case here, not a new form.
import { PARSERS, UNIT_EXAMPLES, type UnitKind } from './units';

export type FieldInput =
  | { readonly kind: 'text' }
  | { readonly kind: 'quantity'; readonly unit: UnitKind }
  | { readonly kind: 'int'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'number'; readonly min?: number; readonly max?: number; readonly exclusive?: boolean }
  | { readonly kind: 'choice'; readonly options: readonly string[] }
  /** One host id, picked from the scenario's hosts. */
  | { readonly kind: 'host' }
  /** A list of host ids, written "h1, h2". */
  | { readonly kind: 'hosts' }
  /** A list of node ids (hosts or routers), e.g. a path. */
  | { readonly kind: 'nodes' };

export interface FieldSpec {
  /** Path relative to the object the form edits, e.g. "rate" or "sizes.mean". */
  readonly key: string;
  readonly label: string;
  readonly input: FieldInput;
  /** Optional fields may be left empty (the key is removed; the core's default applies). */
  readonly optional?: boolean;
  /** The default the core applies when the field is empty, shown as a hint. */
  readonly defaultText?: string;
  readonly help?: string;
}

export type Checked =
  | { readonly ok: true; readonly value: string | number | readonly string[] | undefined }
  | { readonly ok: false; readonly error: string };

export interface FieldContext {
  readonly hosts: readonly string[];
  /** Every node id; defaults to the hosts. */
  readonly nodes?: readonly string[];
}

const fail = (error: string): Checked => ({ ok: false, error });

function checkNumber(raw: string, input: Extract<FieldInput, { kind: 'int' | 'number' }>): Checked {
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw)) return fail('expected a number');
  const v = Number(raw);
  if (input.kind === 'int' && !Number.isInteger(v)) return fail('expected a whole number');
  const { min, max } = input;
  const exclusive = input.kind === 'number' && input.exclusive === true;
  if (min !== undefined && (exclusive ? v <= min : v < min)) return fail(exclusive ? `must be greater than ${min}` : `must be at least ${min}`);
  if (max !== undefined && (exclusive ? v >= max : v > max)) return fail(exclusive ? `must be less than ${max}` : `must be at most ${max}`);
  return { ok: true, value: v };
}

/** Checks the text typed into a field; on success, the value to store (undefined = remove). */
export function checkField(spec: FieldSpec, text: string, ctx: FieldContext): Checked {
  const raw = text.trim();
  if (raw === '') return spec.optional ? { ok: true, value: undefined } : fail('required');
  const input = spec.input;
  // Typing the default is always fine, even a default that is a word ("off") rather than a value.
  if (spec.defaultText !== undefined && raw === spec.defaultText && input.kind !== 'int' && input.kind !== 'number') return { ok: true, value: raw };
  switch (input.kind) {
    case 'text':
      return { ok: true, value: raw };
    case 'quantity': {
      const p = PARSERS[input.unit](raw);
      return p.ok ? { ok: true, value: raw } : fail(`${p.error} (e.g. "${UNIT_EXAMPLES[input.unit]}")`);
    }
    case 'int':
    case 'number':
      return checkNumber(raw, input);
    case 'choice':
      return input.options.includes(raw) ? { ok: true, value: raw } : fail(`must be one of ${input.options.join(', ')}`);
    case 'host':
      return ctx.hosts.includes(raw) ? { ok: true, value: raw } : fail(`"${raw}" is not a host`);
    case 'hosts':
    case 'nodes': {
      const known = input.kind === 'hosts' ? ctx.hosts : ctx.nodes ?? ctx.hosts;
      const ids = raw.split(',').map((h) => h.trim()).filter((h) => h !== '');
      const unknown = ids.find((h) => !known.includes(h));
      return unknown === undefined ? { ok: true, value: ids } : fail(`"${unknown}" is not a ${input.kind === 'hosts' ? 'host' : 'node'}`);
    }
  }
}

/** The text a field shows for a stored value. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Placeholder text: the default when optional, else an example of the unit. */
export function fieldPlaceholder(spec: FieldSpec): string {
  if (spec.defaultText !== undefined) return spec.defaultText;
  return spec.input.kind === 'quantity' ? UNIT_EXAMPLES[spec.input.unit] : '';
}
