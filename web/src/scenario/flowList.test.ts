import { describe, expect, it } from 'vitest';
import { blankScenario } from './commands';
import { flowCount, flowListFromFile, isFlowListFile, listNodes, renameInFlowList } from './flowList';
import type { EditableScenario, FlowList } from './types';

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

describe('a workload file imported as a flow list', () => {
  const draft = (ids: string[], traffic: string[] = []): EditableScenario => {
    const s = blankScenario();
    return {
      ...s,
      topology: { nodes: ids.map((id) => ({ id, kind: 'host' as const })), links: [] },
      traffic: traffic.map((id) => ({ kind: 'flow_list' as const, id, flows: '' })),
    };
  };

  it('is told from a scenario by its name or its lines', () => {
    expect(isFlowListFile('workload-70.txt', '{')).toBe(true);
    expect(isFlowListFile('w', '# flows\n0.1 1460 0 3\n')).toBe(true);
    expect(isFlowListFile('s.json', '{"format": "x"}')).toBe(false);
    expect(isFlowListFile('s', 'start size\n')).toBe(false);
  });

  it("keeps names as names, and reads numbers as the draft's nodes in order", () => {
    const named = flowListFromFile(draft(['h1', 'h2']), 'my flows.txt', '0 1460 h1 h2\n');
    expect(named).toEqual({ kind: 'flow_list', id: 'my-flows', flows: '0 1460 h1 h2\n' });
    const numbered = flowListFromFile(draft(['r', 'h1', 'h2']), 'workload-70.txt', '0.001 2920 2 1\n');
    expect(numbered.nodes).toEqual(['r', 'h1', 'h2']);
    // Ids that happen to be numbers are ids.
    expect(flowListFromFile(draft(['0', '1']), 'w.txt', '0 1460 0 1').nodes).toBeUndefined();
  });

  it('takes an id no traffic has', () => {
    expect(flowListFromFile(draft(['a', 'b'], ['w', 'w-2']), 'w.txt', '0 1 a b').id).toBe('w-3');
  });
});
