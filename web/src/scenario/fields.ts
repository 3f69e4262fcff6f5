// Form fields as data: what a field holds, how its text is checked and what is stored. The
// inspector, the traffic table and the scheduler forms all render FieldSpecs, so a new
// parameter type is one case here, not a new form.
import { curveText, listText, parseCurve, parseList, type ParamJson, type Parsed } from './compound';
import { PARSERS, UNIT_EXAMPLES, type UnitKind } from './units';

/** A single value: what a list holds. */
export type ScalarInput =
  | { readonly kind: 'text' }
  /** `min`/`max` as written with units ("1B"); `off`: the word "off" is allowed; `finite`: not "inf". */
  | { readonly kind: 'quantity'; readonly unit: UnitKind; readonly min?: string; readonly max?: string; readonly off?: boolean; readonly finite?: boolean }
  | { readonly kind: 'int'; readonly min?: number; readonly max?: number }
  /** `exclusive`: both bounds open; `minOpen`/`maxOpen`: one of them. */
  | { readonly kind: 'number'; readonly min?: number; readonly max?: number; readonly exclusive?: boolean; readonly minOpen?: boolean; readonly maxOpen?: boolean }
  | { readonly kind: 'choice'; readonly options: readonly string[] }
  /** A two-piece linear service curve, "m1=4Mbps d=10ms m2=1Mbps". */
  | { readonly kind: 'curve' };

export type FieldInput =
  | ScalarInput
  /** Values per class or per flow (see compound.ts for the text form). */
  | { readonly kind: 'list'; readonly per: 'class' | 'flow'; readonly item: ScalarInput }
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
  | { readonly ok: true; readonly value: ParamJson | undefined }
  | { readonly ok: false; readonly error: string };

export interface FieldContext {
  readonly hosts: readonly string[];
  /** Every node id; defaults to the hosts. */
  readonly nodes?: readonly string[];
  /** The scenario's flow ids (keys of per-flow lists). */
  readonly flows?: readonly string[];
}

const fail = (error: string): Checked => ({ ok: false, error });

function checkNumber(raw: string, input: Extract<FieldInput, { kind: 'int' | 'number' }>): Checked {
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw)) return fail('expected a number');
  const v = Number(raw);
  if (input.kind === 'int' && !Number.isInteger(v)) return fail('expected a whole number');
  const { min, max } = input;
  const real = input.kind === 'number' ? input : null;
  const minOpen = real !== null && (real.exclusive === true || real.minOpen === true);
  const maxOpen = real !== null && (real.exclusive === true || real.maxOpen === true);
  if (min !== undefined && (minOpen ? v <= min : v < min)) return fail(minOpen ? `must be greater than ${min}` : `must be at least ${min}`);
  if (max !== undefined && (maxOpen ? v >= max : v > max)) return fail(maxOpen ? `must be less than ${max}` : `must be at most ${max}`);
  return { ok: true, value: v };
}

/** A quantity in its unit, within the range the core declares (compared in base units). */
function checkQuantity(raw: string, input: Extract<FieldInput, { kind: 'quantity' }>): Checked {
  if (input.off === true && raw === 'off') return { ok: true, value: raw };
  const parse = PARSERS[input.unit];
  const p = parse(raw);
  if (!p.ok) return fail(`${p.error} (e.g. "${UNIT_EXAMPLES[input.unit]}")`);
  if (p.value === null && input.finite === true) return fail('must be finite');
  const bound = (text: string | undefined) => (text === undefined ? null : parse(text));
  const [lo, hi] = [bound(input.min), bound(input.max)];
  if (p.value !== null && lo?.ok && lo.value !== null && p.value < lo.value) return fail(`must be at least ${input.min ?? ''}`);
  if (p.value !== null && hi?.ok && hi.value !== null && p.value > hi.value) return fail(`must be at most ${input.max ?? ''}`);
  return { ok: true, value: raw };
}

/** An item of a list, or a curve part: the value to store. */
function checkScalar(input: ScalarInput, raw: string, ctx: FieldContext): Parsed {
  const r = checkField({ key: '', label: '', input }, raw, ctx);
  if (!r.ok) return r;
  return r.value === undefined ? { ok: false, error: 'required' } : { ok: true, value: r.value };
}

const CURVE_PART: Record<string, ScalarInput> = {
  m1: { kind: 'quantity', unit: 'bandwidth', finite: true },
  d: { kind: 'quantity', unit: 'time' },
  beta: { kind: 'quantity', unit: 'size' },
  m2: { kind: 'quantity', unit: 'bandwidth', finite: true },
};

function checkCompound(input: Extract<FieldInput, { kind: 'curve' | 'list' }>, raw: string, ctx: FieldContext): Checked {
  if (input.kind === 'curve') {
    return parseCurve(raw, (key, text) => {
      if (key === 'm1' && text === '0') return null;
      const part = CURVE_PART[key];
      const r = part ? checkScalar(part, text, ctx) : { ok: false as const, error: 'unknown' };
      return r.ok ? null : r.error;
    });
  }
  const key = (k: string): string | null => {
    if (input.per === 'class') return /^\d+$/.test(k) && Number(k) <= 255 ? null : `"${k}" is not a class number (0-255) or *`;
    return (ctx.flows ?? []).includes(k) ? null : `no flow "${k}" in the traffic`;
  };
  return parseList(raw, input.per === 'class', (t) => checkScalar(input.item, t, ctx), key);
}

/** Checks the text typed into a field; on success, the value to store (undefined = remove). */
export function checkField(spec: FieldSpec, text: string, ctx: FieldContext): Checked {
  const raw = text.trim();
  if (raw === '') return spec.optional ? { ok: true, value: undefined } : fail('required');
  const input = spec.input;
  // Typing the default is always fine, even a default that is a word ("off") rather than a value.
  const wordy = input.kind === 'text' || input.kind === 'quantity' || input.kind === 'choice';
  if (spec.defaultText !== undefined && raw === spec.defaultText && wordy) return { ok: true, value: raw };
  switch (input.kind) {
    case 'text':
      return { ok: true, value: raw };
    case 'quantity':
      return checkQuantity(raw, input);
    case 'curve':
    case 'list':
      return checkCompound(input, raw, ctx);
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

/** The text a field shows for a stored value (compound values in their one-line form). */
export function fieldText(value: unknown, input?: FieldInput): string {
  if (value === undefined || value === null) return '';
  if (input?.kind === 'curve') return curveText(value);
  if (input?.kind === 'list') return listText(value, (x) => fieldText(x, input.item));
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Placeholder text: the default when optional, else an example of the unit. */
export function fieldPlaceholder(spec: FieldSpec): string {
  if (spec.defaultText !== undefined) return spec.defaultText;
  return spec.input.kind === 'quantity' ? UNIT_EXAMPLES[spec.input.unit] : '';
}
