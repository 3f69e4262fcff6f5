// What the core's registries say (wasm-core/wasm/README.md): schedulers and topology presets
// with their typed parameters (wasm-core/sim/src/params); paramFields.ts turns them into
// FieldSpecs for the forms (a module of its own: the forms load on demand, issue 20).
// The kinds here mirror the core's one parameter table; a new scheduler needs nothing here.
import type { ParamJson } from './compound';

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
