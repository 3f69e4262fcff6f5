// Which scheduler each port runs, as the core answers it (`port_schedulers`: every choice that
// applies to a port, by precedence; the port runs the first). The precedence rules live in the
// core only; this file reads its answer for the inspector's "inherit" options.
import type { SchedulerSpec } from './types';

export interface Choice {
  readonly scheduler: SchedulerSpec;
  /** The field that chose it, or "" for the built-in FIFO. */
  readonly from: string;
}

export interface PortChoices {
  readonly link: number;
  readonly node: string;
  readonly to: string;
  readonly choices: readonly Choice[];
}

/** Reads the core's JSON defensively: anything malformed gives no answer (null). */
export function parsePortChoices(json: string): readonly PortChoices[] | null {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return null;
    const ok = v.every((p) => typeof p === 'object' && p !== null && Array.isArray((p as PortChoices).choices) && (p as PortChoices).choices.length > 0);
    return ok ? (v as PortChoices[]) : null;
  } catch {
    return null;
  }
}

/** "the node's", "node_schedulers", "scenario default", "built-in": where a choice comes from. */
export function describeSource(from: string): string {
  if (from === '') return 'built-in';
  if (from === 'default_scheduler') return 'scenario default';
  if (from.startsWith('node_schedulers.')) return 'node_schedulers';
  if (from.startsWith('topology.nodes[')) return "the node's";
  return "this port's";
}

/** What a port would run without the choices whose field starts with one of `skip`, in words. */
export function inherited(ports: readonly PortChoices[] | null, link: number, node: string, skip: readonly string[]): string | null {
  const port = ports?.find((p) => p.link === link && p.node === node);
  const c = port?.choices.find((x) => !skip.some((s) => x.from.startsWith(s)));
  return c ? `${c.scheduler.name} (${describeSource(c.from)})` : null;
}
