// What a change did: the run on screen against the one before it, on the same network, in the
// summary table's columns (view/summary.ts), the columns whose printed value moved. The numbers
// are the core's; this only lines them up.
import type { RunSummary } from '../sim/types';
import { summaryColumns } from './summary';

export interface ChangeRow {
  readonly id: string;
  readonly title: string;
  readonly before: string;
  readonly after: string;
  /** Against the column's direction (lower delay is better, more completed flows is better). */
  readonly verdict: 'better' | 'worse';
}

export interface Change {
  /** What differs between the two scenarios, in words: "scheduler FIFO → LSTF", "traffic, seed". */
  readonly what: string;
  /** The new default scheduler when no port of the run uses it (every router has its own). */
  readonly unused: string | null;
  readonly rows: readonly ChangeRow[];
}

export interface RunOnScreen {
  readonly summary: RunSummary;
  readonly scenarioText: string;
}

/** The scenario's top-level fields as the change names them. */
const FIELD_WORDS: Record<string, string> = {
  topology: 'the network', traffic: 'traffic', seed: 'seed', duration: 'duration', slack: 'slack rule',
  node_schedulers: 'per-node schedulers', port_schedulers: 'per-port schedulers', middleboxes: 'middleboxes', replay: 'replay',
};

type Scenario = Record<string, unknown> & { default_scheduler?: { name?: string; params?: unknown } };

function parse(text: string): Scenario | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Scenario) : null;
  } catch {
    return null;
  }
}

type Node = { id?: string; scheduler?: { name?: string; params?: unknown } };
const nodesOf = (t: unknown): Node[] => ((t as { nodes?: Node[] } | undefined)?.nodes ?? []);

/** "r1's scheduler FIFO → LSTF" for each node whose own scheduler changed. */
function nodeSchedulers(a: unknown, b: unknown, display: (name: string) => string): string[] {
  const before = new Map(nodesOf(a).map((n) => [n.id, n.scheduler]));
  return nodesOf(b).flatMap((n) => {
    const [x, y] = [before.get(n.id), n.scheduler];
    if (JSON.stringify(x ?? null) === JSON.stringify(y ?? null)) return [];
    const name = (s: typeof x) => (s?.name ? display(s.name) : 'the default');
    return [x?.name === y?.name ? `${n.id ?? '?'}'s ${name(y)} parameters` : `${n.id ?? '?'}'s scheduler ${name(x)} → ${name(y)}`];
  });
}

/** Whether two topologies differ only in their nodes' schedulers. */
function sameApartFromSchedulers(a: unknown, b: unknown): boolean {
  const strip = (t: unknown) => JSON.stringify({ ...(t as object), nodes: nodesOf(t).map((n) => ({ ...n, scheduler: undefined })) });
  return strip(a) === strip(b);
}

/** The fields that differ, the default scheduler first and by name when it changed. */
function whatChanged(a: Scenario, b: Scenario, display: (name: string) => string): string {
  const parts: string[] = [];
  const [sa, sb] = [a.default_scheduler ?? {}, b.default_scheduler ?? {}];
  if ((sa.name ?? 'fifo') !== (sb.name ?? 'fifo')) parts.push(`scheduler ${display(sa.name ?? 'fifo')} → ${display(sb.name ?? 'fifo')}`);
  else if (JSON.stringify(sa.params ?? null) !== JSON.stringify(sb.params ?? null)) parts.push(`${display(sb.name ?? 'fifo')}'s parameters`);
  parts.push(...nodeSchedulers(a.topology, b.topology, display));
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'default_scheduler' || k === 'name' || k === 'description' || k === 'format' || k === 'version') continue;
    if (k === 'topology' && sameApartFromSchedulers(a.topology, b.topology)) continue;
    if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) parts.push(FIELD_WORDS[k] ?? k.replace(/_/g, ' '));
  }
  return parts.join(', ');
}

/**
 * The change from `before` to `after`: null unless both ran the same network (same nodes and
 * ports) and something in the scenario differs; rows are the columns whose printed values differ.
 */
export function changeBetween(before: RunOnScreen, after: RunOnScreen, display: (name: string) => string = (n) => n): Change | null {
  const [a, b] = [before.summary, after.summary];
  const ids = (s: RunSummary) => s.nodes.map((n) => n.id).join('\n');
  if (ids(a) !== ids(b) || a.ports.length !== b.ports.length) return null;
  const [sa, sb] = [parse(before.scenarioText), parse(after.scenarioText)];
  // Another scenario (a gallery example on the same network) is not a change of this one.
  if (!sa || !sb || (sa.name ?? '') !== (sb.name ?? '')) return null;
  const what = whatChanged(sa, sb, display);
  if (what === '') return null;
  const rows = summaryColumns(b).flatMap((c): ChangeRow[] => {
    const [va, vb] = [c.value(a), c.value(b)];
    const [ta, tb] = [c.text(a), c.text(b)];
    if (va === null || vb === null || ta === tb) return [];
    const better = c.better === 'low' ? vb < va : vb > va;
    return [{ id: c.id, title: c.title, before: ta, after: tb, verdict: better ? 'better' : 'worse' }];
  });
  const name = sb.default_scheduler?.name ?? 'fifo';
  const changed = (sa.default_scheduler?.name ?? 'fifo') !== name;
  const unused = changed && !b.ports.some((p) => p.scheduler === name) ? display(name) : null;
  return { what, unused, rows };
}
