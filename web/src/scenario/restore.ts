// The restore step for scenario text from outside (a file, a link, local storage): checks what
// the editor relies on (the format, the version, the shape of nodes, links and traffic) and
// says what is wrong in "field.path: problem" form. Everything else is the core's to judge.
import {
  SCENARIO_FORMAT, SCENARIO_VERSION, isPreset, type Scenario,
} from './types';

export type RestoreResult =
  | { readonly ok: true; readonly scenario: Scenario }
  | { readonly ok: false; readonly error: string };

/** Largest scenario text accepted (bytes of UTF-16 code units; links have their own cap). */
export const MAX_SCENARIO_CHARS = 1 << 20;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Problem extends Error {}
const problem = (path: string, what: string): never => {
  throw new Problem(path ? `${path}: ${what}` : what);
};

function expectString(o: Obj, key: string, path: string): void {
  if (typeof o[key] !== 'string') problem(`${path}.${key}`, 'must be a string');
}

function checkTopology(t: unknown): void {
  if (!isObj(t)) return problem('topology', 'must be an object with nodes and links, or a preset');
  if (isPreset(t as never)) return;
  const { nodes, links } = t;
  if (!Array.isArray(nodes)) return problem('topology.nodes', 'must be a list');
  if (!Array.isArray(links)) return problem('topology.links', 'must be a list');
  nodes.forEach((n: unknown, i) => {
    const path = `topology.nodes[${i}]`;
    if (!isObj(n)) return problem(path, 'must be an object');
    expectString(n, 'id', path);
    if (n.kind !== 'host' && n.kind !== 'router') problem(`${path}.kind`, 'must be "host" or "router"');
    const pos = n.pos;
    if (pos !== undefined && pos !== null && !(Array.isArray(pos) && pos.length === 2 && pos.every(Number.isFinite))) {
      problem(`${path}.pos`, 'must be [x, y]');
    }
  });
  links.forEach((l: unknown, i) => {
    const path = `topology.links[${i}]`;
    if (!isObj(l)) return problem(path, 'must be an object');
    expectString(l, 'from', path);
    expectString(l, 'to', path);
  });
}

/** Reads scenario text (untrusted) into a Scenario, or says what is wrong with it. */
export function restoreScenario(text: string): RestoreResult {
  if (text.length > MAX_SCENARIO_CHARS) {
    return { ok: false, error: `it is too large (${text.length.toLocaleString('en')} characters; the limit is ${MAX_SCENARIO_CHARS.toLocaleString('en')})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `it is not valid JSON (${(err as Error).message})` };
  }
  try {
    if (!isObj(json)) return problem('', 'it is not a scenario: expected a JSON object');
    if (json.format !== SCENARIO_FORMAT) {
      problem('format', `must be "${SCENARIO_FORMAT}" (this is not a scenario file)`);
    }
    if (json.version !== SCENARIO_VERSION) {
      problem('version', `is ${JSON.stringify(json.version)}; this page reads version ${SCENARIO_VERSION}`);
    }
    expectString(json, 'name', '');
    checkTopology(json.topology);
    const traffic = json.traffic ?? [];
    if (!Array.isArray(traffic)) return problem('traffic', 'must be a list');
    traffic.forEach((t: unknown, i) => {
      if (!isObj(t)) return problem(`traffic[${i}]`, 'must be an object');
      expectString(t, 'kind', `traffic[${i}]`);
      expectString(t, 'id', `traffic[${i}]`);
    });
    return { ok: true, scenario: { ...(json as unknown as Scenario), traffic: traffic as Scenario['traffic'] } };
  } catch (err) {
    if (err instanceof Problem) return { ok: false, error: err.message.replace(/^\./, '') };
    throw err;
  }
}

/** Scenario text: compact for links, runs and storage; indented for files. */
export function scenarioText(s: Scenario, pretty = false): string {
  return pretty ? `${JSON.stringify(s, null, 2)}\n` : JSON.stringify(s);
}
