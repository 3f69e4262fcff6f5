// What the core's registries say (wasm-core/wasm/README.md): schedulers and topology presets
// with their typed parameters (wasm-core/sim/src/params), turned into FieldSpecs for the forms.
// The kinds here mirror the core's one parameter table; a new scheduler needs nothing here.
import type { ParamJson } from './compound';
import { fieldText, type FieldInput, type FieldSpec, type ScalarInput } from './fields';
import { omit } from './paths';
import type { SchedulerSpec } from './types';

/** The type, unit and range of a value, as the core lists it (quantities written with units). */
export type ParamKind =
  | { readonly type: 'int'; readonly min?: number; readonly max?: number }
  | { readonly type: 'real'; readonly min?: number; readonly max?: number; readonly min_open?: boolean; readonly max_open?: boolean }
  | { readonly type: 'time'; readonly min?: string; readonly max?: string }
  | { readonly type: 'rate'; readonly min?: string; readonly infinite?: boolean }
  | { readonly type: 'size'; readonly min?: string; readonly max?: string }
  | { readonly type: 'buffer'; readonly off?: boolean }
  | { readonly type: 'choice'; readonly options: readonly string[] }
  | { readonly type: 'toggle' }
  | { readonly type: 'curve' }
  | { readonly type: 'list'; readonly per: 'class' | 'flow'; readonly item: ParamKind };

/** A parameter as a registry lists it; a kind this page does not know is a plain text field. */
export type ParamInfo = {
  readonly name: string;
  readonly description: string;
  /** As a scenario writes it (a list's default is every entry's). */
  readonly default: ParamJson;
} & (ParamKind | { readonly type: string });

export interface SchedulerInfo {
  /** The id scenario files use ("fifo_plus"). */
  readonly name: string;
  /** What the page calls it ("FIFO+"). */
  readonly display: string;
  /** One line on what it does. */
  readonly summary: string;
  readonly reference: string;
  /** What the core shows on its queued packets (the view records), and the unit. */
  readonly key: { readonly label: string; readonly unit: string };
  readonly params: readonly ParamInfo[];
  /** Child schedulers (class i -> child i): never, optional (it has its own queues), or required. */
  readonly children: 'none' | 'optional' | 'required';
}

export interface PresetInfo {
  readonly name: string;
  readonly summary: string;
  readonly reference: string;
  readonly params: readonly ParamInfo[];
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function scalarOf(k: ParamKind | { readonly type: string }): ScalarInput {
  const p = k as ParamKind;
  switch (p.type) {
    case 'int': return defined({ kind: 'int', min: p.min, max: p.max });
    case 'real': return defined({ kind: 'number', min: p.min, max: p.max, minOpen: p.min_open, maxOpen: p.max_open });
    case 'time': return defined({ kind: 'quantity', unit: 'time', min: p.min, max: p.max });
    case 'rate': return defined({ kind: 'quantity', unit: 'bandwidth', min: p.min, finite: p.infinite === false ? true : undefined });
    case 'size': return defined({ kind: 'quantity', unit: 'size', min: p.min, max: p.max });
    case 'buffer': return defined({ kind: 'quantity', unit: 'buffer', off: p.off === true ? true : undefined });
    case 'choice': return { kind: 'choice', options: p.options };
    case 'toggle': return { kind: 'choice', options: ['off', 'on'] };
    case 'curve': return { kind: 'curve' };
    default: return { kind: 'text' };
  }
}

function inputOf(p: ParamInfo): FieldInput {
  const k = p as ParamKind;
  return k.type === 'list' ? { kind: 'list', per: k.per, item: scalarOf(k.item) } : scalarOf(p);
}

/** "min 1B, max 64KB", "greater than 0", "or off": the range in words, for the help line. */
function rangeText(input: FieldInput): string {
  const item = input.kind === 'list' ? input.item : input;
  const parts: string[] = [];
  if (item.kind === 'int' || item.kind === 'number' || item.kind === 'quantity') {
    const open = item.kind === 'number' ? item : null;
    if (item.min !== undefined) parts.push(open?.minOpen || open?.exclusive ? `greater than ${item.min}` : `min ${item.min}`);
    if (item.max !== undefined) parts.push(open?.maxOpen || open?.exclusive ? `less than ${item.max}` : `max ${item.max}`);
  }
  if (item.kind === 'quantity') {
    parts.push(`unit: ${item.unit}`);
    if (item.off === true) parts.push('or "off"');
  }
  if (input.kind === 'list') {
    parts.push(input.per === 'class' ? 'per class: "1, 3" or "2: 5, *: 1"' : 'per flow: "flow id: value, *: value"');
  }
  if (item.kind === 'curve') parts.push('"m1=4Mbps d=10ms m2=1Mbps" (or beta=6000B)');
  return parts.join(', ');
}

/** The form field of a parameter: empty means "the default", which the field shows. */
export function paramField(p: ParamInfo): FieldSpec {
  const input = inputOf(p);
  const item = input.kind === 'list' ? input.item : input;
  const defaultText = fieldText(p.default, item) + (input.kind === 'list' ? ` (every ${input.per})` : '');
  const help = [p.description, rangeText(input)].filter(Boolean).join(' · ');
  return { key: `params.${p.name}`, label: p.name, input, optional: true, defaultText, help };
}

/** A spec for `name` with only the parameters that differ from their defaults. */
export function withParam(spec: SchedulerSpec, info: SchedulerInfo | undefined, name: string, value: ParamJson | undefined): SchedulerSpec {
  const def = info?.params.find((p) => p.name === name)?.default;
  const rest = omit(spec.params ?? {}, name);
  const isDefault = value === undefined || JSON.stringify(value) === JSON.stringify(def);
  const params = isDefault ? rest : { ...rest, [name]: value };
  const base = omit(spec, 'params');
  return Object.keys(params).length > 0 ? { ...base, params } : base;
}

/** Reads the registry JSON defensively: a malformed entry is skipped, never fatal. */
export function parseRegistry<T extends { name: string; params: readonly ParamInfo[] }>(json: string): T[] {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  return v.filter((e): e is T => typeof e === 'object' && e !== null && typeof (e as T).name === 'string' && Array.isArray((e as T).params));
}

/** A scheduler's display name from the registry ("fifo_plus" -> "FIFO+"); the id when the registry does not know it. */
export function displayName(registry: readonly SchedulerInfo[], id: string): string {
  return registry.find((r) => r.name === id)?.display ?? id;
}
