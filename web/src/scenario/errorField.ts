// Which form field shows a core error: "topology.links[2].bandwidth: ..." belongs to the
// bandwidth field of link 2. Returns the field's path, or null when no form shows that field
// (the message then goes to the banner).
import { parsePath } from './paths';
import { trafficFields } from './trafficFields';
import type { Scenario } from './types';

const SCENARIO_FIELDS = new Set(['name', 'description', 'seed', 'duration']);
const LINK_FIELDS = new Set(['bandwidth', 'delay', 'buffer']);

/** Scheduler paths: a parameter keeps its path, a child goes to its own picker, the rest to the picker. */
function schedulerField(base: string, rest: readonly (string | number)[]): string {
  if (rest[0] === 'params' && typeof rest[1] === 'string') return `${base}.params.${rest[1]}`;
  if (rest[0] === 'children' && typeof rest[1] === 'number') return schedulerField(`${base}.children[${rest[1]}]`, rest.slice(2));
  return base;
}

export function fieldFor(s: Scenario, errorPath: string): string | null {
  const k = parsePath(errorPath);
  const [a, b, c, d] = k;
  if (typeof a === 'string' && SCENARIO_FIELDS.has(a) && k.length === 1) return a;
  if (a === 'default_scheduler') return schedulerField('default_scheduler', k.slice(1));
  if (a === 'topology' && typeof c === 'number') {
    if (b === 'nodes') {
      if (d === 'id') return `topology.nodes[${c}].id`;
      if (d === 'scheduler') return schedulerField(`topology.nodes[${c}].scheduler`, k.slice(4));
    }
    if (b === 'links') {
      if (typeof d === 'string' && LINK_FIELDS.has(d) && k.length === 4) return `topology.links[${c}].${d}`;
      const owner = k[4];
      if (d === 'schedulers' && typeof owner === 'string') return schedulerField(`topology.links[${c}].schedulers.${owner}`, k.slice(5));
    }
    return null;
  }
  if (a === 'traffic' && typeof b === 'number') {
    const item = s.traffic[b];
    if (!item) return null;
    const rel = errorPath.slice(`traffic[${b}].`.length);
    const keys = trafficFields(item).map((f) => f.key);
    const match = keys.find((key) => rel === key || rel.startsWith(`${key}.`) || rel.startsWith(`${key}[`));
    return match === undefined ? null : `traffic[${b}].${match}`;
  }
  return null;
}
