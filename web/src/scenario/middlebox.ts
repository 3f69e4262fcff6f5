// Editing a middlebox (a router whose packets pass a CPU stage before its ports): the default
// a new middlebox gets, and the commands that change its spec. Pure.
import { setField } from './commands';
import type { EditableScenario, MiddleboxSpec, ModuleSpec } from './types';

/**
 * Three modules as in the MR-tradeoff paper's Click setup (Sec. 6.1): checking and monitoring
 * link-bound, IPsec CPU-bound on a 200 Mbps link with 800 B packets (8, 13 and 96.6 us of CPU
 * against 32 us on the link). The costs are chosen so that the paper's fluid model gives its
 * Table 2 makespans and Fig. 3's 70% CPU use (scenarios/middlebox/three-modules.json says how).
 */
export const DEFAULT_MODULES: readonly ModuleSpec[] = [
  { name: 'checking', a: 2.5, b: '6us' },
  { name: 'monitoring', a: 5, b: '9us' },
  { name: 'ipsec', a: 108, b: '10.2us' },
];

export const DEFAULT_MIDDLEBOX: MiddleboxSpec = { scheduler: { name: 'drfq' }, modules: DEFAULT_MODULES, assign: {} };

type S = EditableScenario;

/** Makes node `id` a middlebox with `spec`, or an ordinary router (undefined). */
export function setMiddlebox(s: S, id: string, spec: MiddleboxSpec | undefined): S {
  const i = s.topology.nodes.findIndex((n) => n.id === id);
  return i < 0 ? s : setField(s, `topology.nodes[${i}].middlebox`, spec);
}

/** Replaces module `index` (a renamed module keeps its flows). */
export function setModule(m: MiddleboxSpec, index: number, next: ModuleSpec): MiddleboxSpec {
  const old = m.modules[index];
  if (!old) return m;
  const assign = Object.fromEntries(Object.entries(m.assign ?? {}).map(([f, mod]) => [f, mod === old.name ? next.name : mod]));
  return { ...m, modules: m.modules.map((x, i) => (i === index ? next : x)), assign };
}

/** A new module with a fresh name. */
export function addModule(m: MiddleboxSpec): MiddleboxSpec {
  const names = new Set(m.modules.map((x) => x.name));
  let k = m.modules.length + 1;
  while (names.has(`module${k}`)) k++;
  return { ...m, modules: [...m.modules, { name: `module${k}`, a: 0, b: '10us' }] };
}

/** Removes module `index` (its flows fall back to the first module); the last one stays. */
export function removeModule(m: MiddleboxSpec, index: number): MiddleboxSpec {
  const gone = m.modules[index];
  if (!gone || m.modules.length <= 1) return m;
  const assign = Object.fromEntries(Object.entries(m.assign ?? {}).filter(([, mod]) => mod !== gone.name));
  return { ...m, modules: m.modules.filter((_, i) => i !== index), assign };
}

/** Flow `flow` uses module `module` (the first module: the default, so unlisted). */
export function assignFlow(m: MiddleboxSpec, flow: string, module: string): MiddleboxSpec {
  const rest = Object.fromEntries(Object.entries(m.assign ?? {}).filter(([f]) => f !== flow));
  return { ...m, assign: module === m.modules[0]?.name ? rest : { ...rest, [flow]: module } };
}
