// Which scheduler a port runs, by the core's precedence (wasm-core/sim/src/network.rs):
// the link's per-port override, then the node's scheduler, then (routers only) the scenario's
// default_scheduler, then FIFO. Scenario-level node_schedulers are folded into the nodes when
// a scenario is opened for editing (they override the nodes' own).
import { omit } from './paths';
import type { EditableScenario, NodeSpec } from './types';

export const BUILTIN_SCHEDULER = 'fifo';

/** What a node's ports run when neither the node nor the link names a scheduler. */
export function nodeFallback(s: EditableScenario, node: NodeSpec): { name: string; source: string } {
  if (node.kind === 'router' && s.default_scheduler) return { name: s.default_scheduler.name, source: 'scenario default' };
  return { name: BUILTIN_SCHEDULER, source: node.kind === 'router' ? 'built-in default' : 'hosts' };
}

/** The scheduler of node `id`'s ports that have no per-port override. */
export function nodeScheduler(s: EditableScenario, id: string): string {
  const node = s.topology.nodes.find((n) => n.id === id);
  if (!node) return BUILTIN_SCHEDULER;
  return node.scheduler?.name ?? nodeFallback(s, node).name;
}

/** Moves `node_schedulers` into the nodes (same ports, same schedulers: the run is unchanged). */
export function foldNodeSchedulers(s: EditableScenario): EditableScenario {
  const map = s.node_schedulers;
  if (map === undefined) return s;
  const nodes = s.topology.nodes.map((n) => {
    const spec = map[n.id];
    return spec ? { ...n, scheduler: spec } : n;
  });
  return { ...omit(s, 'node_schedulers'), topology: { ...s.topology, nodes } };
}
