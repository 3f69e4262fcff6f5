// What the main script needs of replays (issue 20: the rest of sim/replay.ts loads with the
// Replay tab and view): a replay's default name and service, and the original's schedulers.
import type { ReplayMode, RunSummary } from './types';

/** Routers serve preemptively unless said otherwise only for the omniscient header (App. A.2). */
export const preemptiveByDefault = (mode: ReplayMode): boolean => mode === 'omniscient';

/** A replay's name when the scenario gives none: "lstf", "edf_preemptive", "omniscient_nonpreemptive". */
export function defaultReplayName(mode: ReplayMode, preemptive: boolean): string {
  if (preemptive === preemptiveByDefault(mode)) return mode;
  return `${mode}_${preemptive ? 'preemptive' : 'nonpreemptive'}`;
}

/** The original's scheduler(s) at routers, for the view's title: "random", "fifo + sjf" (ids, or what `name` makes of them). */
export function originalSchedulers(summary: RunSummary, name: (id: string) => string = (id) => id): string {
  const names = new Set<string>();
  for (const p of summary.ports) if (summary.nodes[p.node]?.kind === 'router') names.add(name(p.scheduler));
  return names.size === 0 ? 'no routers' : [...names].join(' + ');
}
