// What the core's registries say (wasm-core/wasm/README.md): schedulers and topology presets
// with their parameters, turned into FieldSpecs for the forms.
import type { FieldInput, FieldSpec } from './fields';
import { omit } from './paths';
import type { ParamValue, SchedulerSpec } from './types';
import type { UnitKind } from './units';

interface ParamBase {
  readonly name: string;
  readonly description: string;
  readonly default: string | number;
}

/** A parameter as a registry lists it. Types beyond these are shown as plain text fields. */
export type ParamInfo = ParamBase & (
  | { readonly type: 'choice'; readonly options: readonly string[] }
  | { readonly type: 'int'; readonly min?: number; readonly max?: number }
  | { readonly type: 'number'; readonly min?: number; readonly max?: number }
  | { readonly type: 'quantity'; readonly unit: 'bandwidth' | 'time' | 'buffer' | 'size' }
  | { readonly type: string }
);

export interface SchedulerInfo {
  readonly name: string;
  readonly summary: string;
  readonly reference: string;
  readonly key_label: string;
  readonly params: readonly ParamInfo[];
  readonly takes_children: boolean;
}

export interface PresetInfo {
  readonly name: string;
  readonly summary: string;
  readonly reference: string;
  readonly params: readonly ParamInfo[];
}

function inputOf(p: ParamInfo): FieldInput {
  switch (p.type) {
    case 'choice': return { kind: 'choice', options: (p as { options: readonly string[] }).options };
    case 'int': {
      const { min, max } = p as { min?: number; max?: number };
      return { kind: 'int', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'number': {
      const { min, max } = p as { min?: number; max?: number };
      return { kind: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'quantity': return { kind: 'quantity', unit: (p as { unit: UnitKind }).unit };
    default: return { kind: 'text' };
  }
}

/** The form field of a parameter: empty means "the default", which the field shows. */
export function paramField(p: ParamInfo): FieldSpec {
  const input = inputOf(p);
  const range = input.kind === 'int' || input.kind === 'number'
    ? [input.min !== undefined ? `min ${input.min}` : '', input.max !== undefined ? `max ${input.max}` : ''].filter(Boolean).join(', ')
    : '';
  const unit = input.kind === 'quantity' ? `unit: ${input.unit}` : '';
  const help = [p.description, range, unit].filter(Boolean).join(' · ');
  return { key: `params.${p.name}`, label: p.name, input, optional: true, defaultText: String(p.default), help };
}

/** A spec for `name` with only the parameters that differ from their defaults. */
export function withParam(spec: SchedulerSpec, info: SchedulerInfo | undefined, name: string, value: ParamValue | undefined): SchedulerSpec {
  const def = info?.params.find((p) => p.name === name)?.default;
  const rest = omit(spec.params ?? {}, name);
  const params = value === undefined || value === def ? rest : { ...rest, [name]: value };
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
