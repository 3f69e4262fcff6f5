import { describe, expect, it } from 'vitest';
import {
  addLink, addNode, addTraffic, blankScenario, deleteLink, deleteNode, deleteTraffic, moveNode, newTraffic,
  nextNodeId, nodeIdProblem, pruneTraffic, renameNode, setField, setNodeScheduler, setPortScheduler,
} from './commands';
import type { EditableScenario } from './types';

/** h1 - r1 - h2, one CBR flow h1 -> h2, a per-port scheduler at r1 towards h2. */
function threeNodes(): EditableScenario {
  let s = blankScenario();
  s = addNode(s, { kind: 'host', pos: [0, 0] });
  s = addNode(s, { kind: 'router', pos: [1, 0] });
  s = addNode(s, { kind: 'host', pos: [2, 0] });
  s = addLink(s, { from: 'h1', to: 'r1' });
  s = addLink(s, { from: 'r1', to: 'h2' });
  s = setPortScheduler(s, 1, 'r1', { name: 'fifo', params: { drop: 'head' } });
  return addTraffic(s, newTraffic(s, 'cbr', 'h1', 'h2'));
}

describe('editor commands', () => {
  it('adds nodes with fresh ids per kind, and links with the default parameters', () => {
    const s = threeNodes();
    expect(s.topology.nodes.map((n) => `${n.id}:${n.kind}@${String(n.pos)}`)).toEqual(['h1:host@0,0', 'r1:router@1,0', 'h2:host@2,0']);
    expect(s.topology.links[0]).toEqual({ from: 'h1', to: 'r1', bandwidth: '10Mbps', delay: '1ms', buffer: '64KB' });
    expect(nextNodeId(s, 'host')).toBe('h3');
    expect(s.traffic).toEqual([{ id: 'cbr-1', kind: 'cbr', src: 'h1', dst: 'h2', rate: '2Mbps', packet_size: '1500B' }]);
  });

  it('refuses self-links, duplicate links in either direction and links to unknown nodes', () => {
    const s = threeNodes();
    expect(addLink(s, { from: 'h1', to: 'h1' })).toBe(s);
    expect(addLink(s, { from: 'r1', to: 'h1' })).toBe(s);
    expect(addLink(s, { from: 'h1', to: 'x' })).toBe(s);
    expect(addLink(s, { from: 'h1', to: 'h2' }).topology.links).toHaveLength(3);
  });

  it('moves a node and pins the automatic positions of the others', () => {
    let s = blankScenario();
    s = { ...s, topology: { nodes: [{ id: 'a', kind: 'host' }, { id: 'b', kind: 'host' }, { id: 'c', kind: 'host', pos: [5, 5] }], links: [] } };
    const moved = moveNode(s, { id: 'a', pos: [0.12345, 2], fill: { a: [9, 9], b: [1, 1], c: [7, 7] } });
    expect(moved.topology.nodes.map((n) => n.pos)).toEqual([[0.123, 2], [1, 1], [5, 5]]);
    expect(moveNode(s, { id: 'zz', pos: [0, 0] })).toBe(s);
  });

  it('renames a node in links, per-port schedulers and traffic', () => {
    const s = renameNode(threeNodes(), { id: 'r1', to: 'core' });
    expect(s.topology.links.map((l) => `${l.from}-${l.to}`)).toEqual(['h1-core', 'core-h2']);
    expect(s.topology.links[1]?.schedulers).toEqual({ core: { name: 'fifo', params: { drop: 'head' } } });
    const h = renameNode(s, { id: 'h2', to: 'sink' });
    expect(h.traffic[0]).toMatchObject({ src: 'h1', dst: 'sink' });
  });

  it('says why a name cannot be used, and refuses it', () => {
    const s = threeNodes();
    expect(nodeIdProblem(s, 'r1', 'h1')).toBe('"h1" is taken by another node');
    expect(nodeIdProblem(s, 'r1', '')).toBe('a name is required');
    expect(nodeIdProblem(s, 'r1', 'r1')).toBeNull();
    expect(renameNode(s, { id: 'r1', to: 'h1' })).toBe(s);
  });

  it('deletes a node with its links and the traffic that uses it', () => {
    const s = deleteNode(threeNodes(), 'h2');
    expect(s.topology.nodes.map((n) => n.id)).toEqual(['h1', 'r1']);
    expect(s.topology.links).toHaveLength(1);
    expect(s.traffic).toEqual([]);
  });

  it('renames a node in explicit paths, and deleting a node on a path removes that traffic', () => {
    let s = threeNodes();
    s = setField(s, 'traffic[0].path', ['h1', 'r1', 'h2']);
    expect(renameNode(s, { id: 'r1', to: 'core' }).traffic[0]).toMatchObject({ path: ['h1', 'core', 'h2'] });
    expect(deleteNode(addLink(s, { from: 'h1', to: 'h2' }), 'r1').traffic).toEqual([]);
  });

  it('removes a deleted host from workload host lists, and workloads aimed at it', () => {
    let s = threeNodes();
    s = addTraffic(s, { id: 'w', kind: 'workload', load: 0.5, sizes: { dist: 'att' }, endpoints: { pattern: 'uniform', hosts: ['h1', 'h2'] } });
    s = addTraffic(s, { id: 'i', kind: 'workload', load: 0.5, sizes: { dist: 'att' }, endpoints: { pattern: 'incast', dst: 'h2' } });
    const d = deleteNode(s, 'h2');
    expect(d.traffic.map((t) => t.id)).toEqual(['w']);
    expect(d.traffic[0]).toMatchObject({ endpoints: { hosts: ['h1'] } });
  });

  it('sets and clears fields by path, keeping unknown fields', () => {
    const s0 = threeNodes();
    const s = { ...s0, topology: { ...s0.topology, links: s0.topology.links.map((l) => ({ ...l, colour: 'red' })) } };
    const changed = setField(s, 'topology.links[0].bandwidth', '1Gbps');
    expect(changed.topology.links[0]).toMatchObject({ bandwidth: '1Gbps', colour: 'red' });
    expect(changed.topology.links[1]).toBe(s.topology.links[1]);
    expect(setField(s, 'topology.links[0].bandwidth', '10Mbps')).toBe(s);
    expect(setField(s, 'topology.links[0].buffer', undefined).topology.links[0]).not.toHaveProperty('buffer');
  });

  it('sets node and port schedulers; clearing the last port override removes the map', () => {
    let s = setNodeScheduler(threeNodes(), 'r1', { name: 'fifo' });
    expect(s.topology.nodes[1]?.scheduler).toEqual({ name: 'fifo' });
    s = setPortScheduler(s, 1, 'r1', undefined);
    expect(s.topology.links[1]).not.toHaveProperty('schedulers');
    expect(setPortScheduler(s, 0, 'h2', { name: 'fifo' })).toBe(s); // h2 is not an end of link 0
  });

  it('deletes links and traffic by index', () => {
    const s = threeNodes();
    expect(deleteLink(s, 0).topology.links.map((l) => l.to)).toEqual(['h2']);
    expect(deleteLink(s, 5)).toBe(s);
    expect(deleteTraffic(s, 0).traffic).toEqual([]);
  });

  it('prunes traffic that refers to missing nodes and names it', () => {
    const s = threeNodes();
    const other = { ...s, topology: { nodes: s.topology.nodes.filter((n) => n.id !== 'h2'), links: [] } };
    const { scenario, removed } = pruneTraffic(other);
    expect(removed).toEqual(['cbr-1']);
    expect(scenario.traffic).toEqual([]);
    expect(pruneTraffic(s).scenario).toBe(s);
  });
});
