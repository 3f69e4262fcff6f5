import { describe, expect, it } from 'vitest';
import { addLink, addNode, blankScenario } from '../scenario/commands';
import type { RunSummary } from '../sim/types';
import { fitTransform, toAbstract, toScreen } from './layout';
import { buildScene, changedNodes, runMatches } from './scene';

function net() {
  let s = blankScenario();
  s = addNode(s, { kind: 'host', pos: [0, 0] });
  s = addNode(s, { kind: 'router', pos: [1, 0] });
  s = addNode(s, { kind: 'host', pos: [2, 1] });
  s = addLink(s, { from: 'h1', to: 'r1' });
  return addLink(s, { from: 'r1', to: 'h2' });
}

const summaryOf = (nodes: [string, 'host' | 'router'][], links: [number, number][]) =>
  ({ nodes: nodes.map(([id, kind]) => ({ id, kind, pos: null })), links: links.map(([from, to]) => ({ from, to })) }) as unknown as RunSummary;

describe('scene', () => {
  it('labels links, and routers with what the core says their ports run (+ when they differ)', () => {
    const port = (link: number, node: string, name: string) =>
      ({ link, node, to: '', choices: [{ scheduler: { name }, from: '' }] });
    const scene = buildScene(net(), [port(0, 'r1', 'lstf'), port(1, 'r1', 'lstf'), port(0, 'h1', 'fifo')]);
    expect(scene.nodes.map((n) => [n.id, n.scheduler])).toEqual([['h1', null], ['r1', 'lstf'], ['h2', null]]);
    expect(scene.links[0]?.label).toBe('10Mbps · 1ms · 64KB');
    expect(buildScene(net(), [port(0, 'r1', 'sjf'), port(1, 'r1', 'fifo')]).nodes[1]?.scheduler).toBe('sjf+');
    expect(buildScene(net(), null).nodes[1]?.scheduler).toBeNull();
  });

  it('counts changed nodes: one for a move, all for a new drawing', () => {
    const a = buildScene(net(), null);
    const moved = buildScene({ ...net(), topology: { ...net().topology, nodes: net().topology.nodes.map((n) => (n.id === 'h1' ? { ...n, pos: [0, 1] as const } : n)) } }, null);
    expect(changedNodes(a, a)).toBe(0);
    expect(changedNodes(a, moved)).toBe(1);
    expect(changedNodes(a, buildScene(blankScenario(), null))).toBe(3);
  });

  it('matches a run to the draft by node ids, kinds and links (either direction)', () => {
    const s = net();
    expect(runMatches(summaryOf([['h1', 'host'], ['r1', 'router'], ['h2', 'host']], [[1, 0], [1, 2]]), s)).toBe(true);
    expect(runMatches(summaryOf([['h1', 'host'], ['r1', 'host'], ['h2', 'host']], [[0, 1], [1, 2]]), s)).toBe(false);
    expect(runMatches(summaryOf([['h1', 'host'], ['r1', 'router'], ['h2', 'host']], [[0, 1], [0, 2]]), s)).toBe(false);
    expect(runMatches(summaryOf([['h1', 'host'], ['r1', 'router']], [[0, 1]]), s)).toBe(false);
  });
});

describe('view transform', () => {
  const box = { width: 300, height: 200, padding: [10, 10, 10, 10] as const };
  it('maps abstract to screen and back', () => {
    const t = fitTransform([{ x: 0, y: 0 }, { x: 2, y: 1 }], box);
    expect(t).toEqual({ kx: 140, ky: 140, x: 10, y: 30 });
    expect(toScreen(t, { x: 1, y: 1 })).toEqual({ x: 150, y: 170 });
    expect(toAbstract(t, { x: 150, y: 170 })).toEqual({ x: 1, y: 1 });
  });
  it('uses the default scale for an empty drawing, centred in the box', () => {
    expect(fitTransform([], box)).toEqual({ kx: 120, ky: 120, x: 150, y: 100 });
  });
});
