// A registry's parameters (registry.ts) as form fields, and a scheduler spec with one parameter
// set: for the forms (the Inspector's scheduler picker, the presets dialog), which load on demand.
import type { ParamJson } from './compound';
import { fieldText, type FieldInput, type FieldSpec, type ScalarInput } from './fields';
import { omit } from './paths';
import type { ParamInfo, ParamKind, SchedulerInfo } from './registry';
import type { SchedulerSpec } from './types';

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** What a form reads of a parameter (its JSON Schema aside). */
export type FormParam = ParamKind & Pick<ParamInfo, 'name' | 'description' | 'default'>;

function scalarOf(p: ParamKind): ScalarInput {
  switch (p.type) {
    case 'int': return defined({ kind: 'int', min: p.min, max: p.max });
    case 'real': return defined({ kind: 'number', min: p.min, max: p.max, minOpen: p.min_open, maxOpen: p.max_open });
    case 'time': return defined({ kind: 'quantity', unit: 'time', min: p.min, max: p.max });
    case 'rate': return defined({ kind: 'quantity', unit: 'bandwidth', min: p.min, finite: p.infinite ? undefined : true });
    case 'size': return defined({ kind: 'quantity', unit: 'size', min: p.min, max: p.max });
    case 'buffer': return defined({ kind: 'quantity', unit: 'buffer', off: p.off ? true : undefined });
    case 'choice': return { kind: 'choice', options: p.options };
    case 'toggle': return { kind: 'choice', options: ['off', 'on'] };
    case 'curve': return { kind: 'curve' };
    case 'program':
    case 'list': return { kind: 'text' };
  }
}

function inputOf(p: FormParam): FieldInput {
  return p.type === 'list' ? { kind: 'list', per: p.per, item: scalarOf(p.item) } : scalarOf(p);
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
export function paramField(p: FormParam): FieldSpec {
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
