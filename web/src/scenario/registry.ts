// What the core's registries say (wasm-core/wasm/README.md): schedulers and topology presets
// with their typed parameters (wasm-core/sim/src/params); paramFields.ts turns them into
// FieldSpecs for the forms (a module of its own: the forms load on demand, issue 20).
// The types are generated from the core's registry schema; a new scheduler needs nothing here.

/** A scheduler's parameter: its type, unit and range as the core lists them (quantities written with units). */
export type { ParamInfo, ParamKind } from '../generated/registry';
import type { ParamInfo, SchedulerEntry } from '../generated/registry';

/** A registered scheduler as the core lists it (generated from scenarios/registry.schema.json). */
export type SchedulerInfo = SchedulerEntry;

export interface PresetInfo {
  readonly name: string;
  readonly summary: string;
  readonly reference: string;
  readonly params: readonly ParamInfo[];
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
