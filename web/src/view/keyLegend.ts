// The legend's sentence on the numbers drawn on queued packets: each port's key as the core
// exports it (its label and unit, PortOut.key), grouped by what it is, with the schedulers and
// nodes that show it. Words only: what a key means is the core's.
import type { RunSummary, Unit } from '../sim/types';

/** What a number of this unit reads as, in a few words. */
export function unitWords(unit: Unit): string {
  switch (unit) {
    case 'ns': return 'a time';
    case 'deadline': return 'the time left to its deadline, negative once it is late';
    case 'bytes': return 'bytes';
    case 'millibits': return 'bytes (kept in thousandths of a bit)';
    case 'bps': return 'a rate';
    case 'packets': return 'packets';
    case 'rank': return 'a number, lower served first';
    case 'fraction': return 'a fraction';
    case 'flag': return 'yes or no';
    case 'billionths': return 'a number';
    case 'flow': return 'a flow';
  }
}

export interface KeyGroup {
  readonly label: string;
  readonly unit: Unit;
  readonly schedulers: readonly string[];
  readonly nodes: readonly string[];
}

/** The keys of the run's ports, one group per label and unit, in port order. */
export function keyGroups(s: RunSummary, display: (scheduler: string) => string = (n) => n): KeyGroup[] {
  const groups = new Map<string, { label: string; unit: Unit; schedulers: Set<string>; nodes: Set<string> }>();
  for (const p of s.ports) {
    const id = `${p.key.label}|${p.key.unit}`;
    const g = groups.get(id) ?? { label: p.key.label, unit: p.key.unit, schedulers: new Set<string>(), nodes: new Set<string>() };
    g.schedulers.add(display(p.scheduler));
    g.nodes.add(s.nodes[p.node]?.id ?? `node ${p.node}`);
    groups.set(id, g);
  }
  return [...groups.values()].map((g) => ({ label: g.label, unit: g.unit, schedulers: [...g.schedulers], nodes: [...g.nodes] }));
}

/** "enqueue time, a time (FIFO at h1, h2, r1); slack, ... (LSTF at r2)": nodes past four are counted. */
export function keySentence(groups: readonly KeyGroup[]): string {
  const where = (nodes: readonly string[]) => (nodes.length > 4 ? `${nodes.slice(0, 4).join(', ')} and ${nodes.length - 4} more` : nodes.join(', '));
  return groups.map((g) => `${g.label}, ${unitWords(g.unit)} (${g.schedulers.join(', ')} at ${where(g.nodes)})`).join('; ');
}
