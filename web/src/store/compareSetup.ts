// What a comparison compares: 2 to 4 schedulers, each for every router or for chosen routers,
// run on the same scenario and seed (the core applies each one: `start_variant_run`). The
// setup's type, reading it from untrusted JSON (a share link, local storage), and its names.
import type { EdgeCodelSpec, SlackSpec } from '../generated/scenario';
import type { SchedulerSpec } from '../scenario/types';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;

/** One run of a comparison, as the core reads it (`{"scheduler", "routers"?, "cpu"?, "slack"?, "edge_codel"?}`). */
export interface CompareVariant {
  readonly scheduler: SchedulerSpec;
  /** The routers that run it (the others keep the scenario's choice); null: every router. */
  readonly routers: readonly string[] | null;
  /** Run it at the middleboxes' CPU stage (those `routers` names; null: every one), not at ports. */
  readonly cpu?: boolean;
  /** UPS's slack rule at the ingress for this run: absent keeps the scenario's, null removes it. */
  readonly slack?: SlackSpec | null;
  /** Edge-CoDel at the egress ports for this run: absent keeps the scenario's, null removes it. */
  readonly edge_codel?: EdgeCodelSpec | null;
}

export interface CompareSetup {
  readonly variants: readonly CompareVariant[];
}

export const DEFAULT_SETUP: CompareSetup = {
  variants: [{ scheduler: { name: 'fifo' }, routers: null }, { scheduler: { name: 'sjf' }, routers: null }],
};

/** The variant as the binding takes it (JSON text). */
export const variantJson = (v: CompareVariant): string =>
  JSON.stringify({
    scheduler: v.scheduler,
    ...(v.routers === null ? {} : { routers: v.routers }),
    ...(v.cpu ? { cpu: true } : {}),
    ...(v.slack === undefined ? {} : { slack: v.slack }),
    ...(v.edge_codel === undefined ? {} : { edge_codel: v.edge_codel }),
  });

// ---- Reading a setup from untrusted JSON

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scheduler spec's shape (the core judges names and parameters). */
function specProblem(v: unknown, path: string, depth = 0): string | null {
  if (!isObj(v)) return `${path}: must be an object like {"name": "fifo"}`;
  if (typeof v.name !== 'string' || v.name === '') return `${path}.name: must be a scheduler name`;
  if (v.params !== undefined && !isObj(v.params)) return `${path}.params: must be an object`;
  if (v.children === undefined) return null;
  if (!Array.isArray(v.children) || depth > 4) return `${path}.children: must be a list of schedulers`;
  for (const [i, c] of v.children.entries()) {
    const p = specProblem(c, `${path}.children[${i}]`, depth + 1);
    if (p) return p;
  }
  return null;
}

export type SetupRestore = { readonly ok: true; readonly setup: CompareSetup } | { readonly ok: false; readonly error: string };

/** Reads `{"variants": [{"scheduler": {...}, "routers"?: [...]}, ...]}`; says what is wrong ("variants[1].scheduler: ..."). */
export function parseSetup(v: unknown): SetupRestore {
  const fail = (error: string): SetupRestore => ({ ok: false, error });
  if (!isObj(v) || !Array.isArray(v.variants)) return fail('variants: must be a list of schedulers to compare');
  const list = v.variants as unknown[];
  if (list.length < MIN_VARIANTS || list.length > MAX_VARIANTS) {
    return fail(`variants: a comparison has ${MIN_VARIANTS} to ${MAX_VARIANTS} schedulers, not ${list.length}`);
  }
  const variants: CompareVariant[] = [];
  for (const [i, item] of list.entries()) {
    const path = `variants[${i}]`;
    if (!isObj(item)) return fail(`${path}: must be an object with a scheduler`);
    const problem = specProblem(item.scheduler, `${path}.scheduler`);
    if (problem) return fail(problem);
    const routers = item.routers ?? null;
    if (routers !== null && !(Array.isArray(routers) && routers.every((r) => typeof r === 'string'))) {
      return fail(`${path}.routers: must be a list of router names`);
    }
    if (item.cpu !== undefined && typeof item.cpu !== 'boolean') return fail(`${path}.cpu: must be true or false`);
    for (const key of ['slack', 'edge_codel'] as const) {
      const x = item[key];
      if (x !== undefined && x !== null && !isObj(x)) return fail(`${path}.${key}: must be an object, or null for none`);
    }
    variants.push({
      scheduler: item.scheduler as SchedulerSpec,
      routers: routers,
      ...(item.cpu === true ? { cpu: true } : {}),
      ...(item.slack === undefined ? {} : { slack: item.slack }),
      ...(item.edge_codel === undefined ? {} : { edge_codel: item.edge_codel }),
    });
  }
  return { ok: true, setup: { variants } };
}

// ---- The comparison a scenario is made for

/**
 * The setup a scenario's own `compare` field names (the core has checked it: 2 to 4 runs with
 * known schedulers and routers); null when it names none or is not a setup.
 */
export function scenarioSetup(s: { readonly compare?: unknown }): CompareSetup | null {
  if (!Array.isArray(s.compare) || s.compare.length === 0) return null;
  const r = parseSetup({ variants: s.compare });
  return r.ok ? r.setup : null;
}

/** Whether two setups run the same variants, in the same order (as the binding would get them). */
export const sameSetup = (a: CompareSetup, b: CompareSetup): boolean =>
  a.variants.length === b.variants.length && a.variants.every((v, i) => {
    const w = b.variants[i];
    return w !== undefined && variantJson(v) === variantJson(w);
  });
