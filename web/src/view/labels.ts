import type { RunSummary } from '../sim/types';

/** "r1 → dst": a port named by its node and the node it sends to. */
export function portLabel(summary: RunSummary, port: number): string {
  const p = summary.ports[port];
  if (!p) return `port ${port}`;
  return `${summary.nodes[p.node]?.id ?? p.node} → ${summary.nodes[p.to]?.id ?? p.to}`;
}
