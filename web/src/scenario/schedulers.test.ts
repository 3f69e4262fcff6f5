import { describe, expect, it } from 'vitest';
import { addNode, blankScenario } from './commands';
import { foldNodeSchedulers, nodeScheduler } from './schedulers';
import type { EditableScenario } from './types';

function net(): EditableScenario {
  let s = blankScenario();
  s = addNode(s, { kind: 'host', pos: [0, 0] });
  s = addNode(s, { kind: 'router', pos: [1, 0] });
  return addNode(s, { kind: 'router', pos: [2, 0], id: 'r2' });
}

describe('scheduler precedence', () => {
  it('uses the node scheduler, then the scenario default for routers only, then fifo', () => {
    const s = { ...net(), default_scheduler: { name: 'fq' } };
    const withOwn = { ...s, topology: { ...s.topology, nodes: s.topology.nodes.map((n) => (n.id === 'r2' ? { ...n, scheduler: { name: 'sjf' } } : n)) } };
    expect(['h1', 'r1', 'r2'].map((id) => nodeScheduler(withOwn, id))).toEqual(['fifo', 'fq', 'sjf']);
    expect(nodeScheduler(net(), 'r1')).toBe('fifo');
  });

  it('folds node_schedulers into the nodes, over their own', () => {
    const s = { ...net(), node_schedulers: { r1: { name: 'lstf' }, h1: { name: 'lifo' } } } as EditableScenario;
    const folded = foldNodeSchedulers(s);
    expect(folded).not.toHaveProperty('node_schedulers');
    expect(folded.topology.nodes.map((n) => n.scheduler?.name)).toEqual(['lifo', 'lstf', undefined]);
    expect(foldNodeSchedulers(net())).toEqual(net());
  });
});
