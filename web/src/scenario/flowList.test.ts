import { describe, expect, it } from 'vitest';
import { flowCount, listNodes, renameInFlowList } from './flowList';
import type { FlowList } from './types';

const named: FlowList = { kind: 'flow_list', id: 'w', flows: '# the authors\' format\n0 14600 h1 h2\n\n0.0015 29200 h2 h3\n' };
const numbered: FlowList = { kind: 'flow_list', id: 'v', flows: '0.001 29200000 2 1\n', nodes: ['r', 'h1', 'h2'], paths: [['h2', 'r', 'h1']] };

describe('flow lists', () => {
  it('counts the flow lines, not comments or blank lines', () => {
    expect(flowCount(named)).toBe(2);
    expect(flowCount(numbered)).toBe(1);
  });

  it('knows the nodes its flows and paths name, through the numbering', () => {
    expect([...listNodes(named)].sort()).toEqual(['h1', 'h2', 'h3']);
    expect([...listNodes(numbered)].sort()).toEqual(['h1', 'h2', 'r']);
  });

  it('follows a renamed node in its lines, numbering and paths', () => {
    expect(renameInFlowList(named, 'h2', 'x').flows).toBe('# the authors\' format\n0 14600 h1 x\n\n0.0015 29200 x h3\n');
    const r = renameInFlowList(numbered, 'r', 'core');
    expect(r.nodes).toEqual(['core', 'h1', 'h2']);
    expect(r.paths).toEqual([['h2', 'core', 'h1']]);
    expect(renameInFlowList(named, 'zz', 'y')).toBe(named);
  });
});
