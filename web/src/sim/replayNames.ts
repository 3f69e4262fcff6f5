// What the main script needs of replays (issue 20: the rest of sim/replay.ts loads with the
// Replay tab and view): the replay modes as the core lists them (the binding's
// `replay_catalog`, a ReplayCatalog, loaded with the scheduler registry: each mode's display name, summary,
// default service and default replay names), looked up here, never re-derived; and the
// original's schedulers.
import type { ModeInfo, ReplayMode, RunSummary } from './types';

/** A catalog entry with the fields the page reads. */
function isModeInfo(m: unknown): m is ModeInfo {
  if (typeof m !== 'object' || m === null) return false;
  const r = m as Record<string, unknown>;
  return typeof r.mode === 'string' && typeof r.display === 'string' && typeof r.preemptive_by_default === 'boolean'
    && typeof r.name_preemptive === 'string' && typeof r.name_nonpreemptive === 'string';
}

/** The core's replay catalog (JSON text of a ReplayCatalog), read defensively: a malformed entry is skipped, never fatal. */
export function parseReplayCatalog(json: string): ModeInfo[] {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return [];
  }
  const modes: unknown = typeof v === 'object' && v !== null ? (v as Record<string, unknown>).modes : undefined;
  return Array.isArray(modes) ? (modes as unknown[]).filter(isModeInfo) : [];
}

/** A mode's entry in the catalog (undefined until the catalog is loaded, or for a mode it lacks). */
export const modeInfo = (modes: readonly ModeInfo[], mode: ReplayMode): ModeInfo | undefined => modes.find((m) => m.mode === mode);

/** Whether the core serves the mode preemptively unless told otherwise (false for a mode it does not list). */
export const preemptiveByDefault = (modes: readonly ModeInfo[], mode: ReplayMode): boolean =>
  modeInfo(modes, mode)?.preemptive_by_default ?? false;

/** The name the core gives a replay of `mode` with this service when none is given ("lstf", "edf_preemptive"). */
export function defaultReplayName(modes: readonly ModeInfo[], mode: ReplayMode, preemptive: boolean): string | undefined {
  const m = modeInfo(modes, mode);
  return m && (preemptive ? m.name_preemptive : m.name_nonpreemptive);
}

/**
 * The original's scheduler(s) at routers, for the view's title: "random", "fifo + sjf" (ids,
 * or what `name` makes of them); a network without routers, its hosts' ports'.
 */
export function originalSchedulers(summary: RunSummary, name: (id: string) => string = (id) => id): string {
  const names = new Set<string>();
  for (const p of summary.ports) if (summary.nodes[p.node]?.kind === 'router') names.add(name(p.scheduler));
  if (names.size === 0) for (const p of summary.ports) names.add(name(p.scheduler));
  return names.size === 0 ? 'no ports' : [...names].join(' + ');
}
