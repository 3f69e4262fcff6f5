import { describe, expect, it } from 'vitest';
import { variantLabels } from './compareLabels';
import { parseSetup, sameSetup, scenarioSetup, variantJson } from './compareSetup';

describe('a comparison run with a UPS objective', () => {
  const lstf = { name: 'lstf' };

  it('sends the slack rule and Edge-CoDel to the core only when the run sets them; null takes the scenario\'s away', () => {
    expect(JSON.parse(variantJson({ scheduler: lstf, routers: null }))).toEqual({ scheduler: lstf });
    const set = { scheduler: lstf, routers: null, slack: { default: { policy: 'flow_size' as const } }, edge_codel: {} };
    expect(JSON.parse(variantJson(set))).toEqual({ scheduler: lstf, slack: { default: { policy: 'flow_size' } }, edge_codel: {} });
    expect(JSON.parse(variantJson({ scheduler: lstf, routers: ['r1'], slack: null, edge_codel: null })))
      .toEqual({ scheduler: lstf, routers: ['r1'], slack: null, edge_codel: null });
  });

  it('names what a run changes, so two LSTF runs read apart', () => {
    const setup = {
      variants: [
        { scheduler: lstf, routers: null, slack: { default: { policy: 'flow_size' as const } } },
        { scheduler: lstf, routers: null, slack: { default: { policy: 'constant' as const, value: '1s' } }, edge_codel: {} },
        { scheduler: lstf, routers: null, slack: null, edge_codel: null },
      ],
    };
    expect(variantLabels(setup)).toEqual(['lstf + slack flow_size', 'lstf + slack constant, Edge-CoDel', 'lstf + no slack rule, no Edge-CoDel']);
  });

  it('names schedulers, children included, by the name it is given (the registry\'s display name)', () => {
    const names: Record<string, string> = { lstf: 'LSTF (least slack first)', drr: 'Deficit round robin', fifo: 'FIFO' };
    const name = (id: string) => names[id] ?? id;
    const setup = {
      variants: [
        { scheduler: lstf, routers: null },
        { scheduler: { name: 'drr', children: [{ name: 'fifo' }, { name: 'sjf' }] }, routers: ['r1'] },
        { scheduler: lstf, routers: null },
      ],
    };
    expect(variantLabels(setup, name)).toEqual([
      'LSTF (least slack first)', 'Deficit round robin (classes: FIFO, sjf) on r1', 'LSTF (least slack first) #2',
    ]);
  });

  it('names a rank program by its first comment line, not its whole text', () => {
    const pifo = (program: string) => ({ scheduler: { name: 'pifo', params: { rank: 'custom', program } }, routers: null });
    const setup = { variants: [pifo('# LAS: least attained service\nflow a = 0B\nrank a'), pifo('flow a = 0B\nrank a\n')] };
    expect(variantLabels(setup)).toEqual(['pifo (rank=custom, program=LAS)', 'pifo (rank=custom, program=a program of 2 lines)']);
  });

  it('reads them from a link and names a wrong one', () => {
    const link = { variants: [{ scheduler: lstf, slack: { default: { policy: 'fair', r_est: '50Mbps' } } }, { scheduler: lstf, edge_codel: null }] };
    expect(parseSetup(link)).toEqual({
      ok: true,
      setup: { variants: [{ scheduler: lstf, routers: null, slack: { default: { policy: 'fair', r_est: '50Mbps' } } }, { scheduler: lstf, routers: null, edge_codel: null }] },
    });
    expect(parseSetup({ variants: [{ scheduler: lstf, slack: 'fast' }, { scheduler: lstf }] }))
      .toEqual({ ok: false, error: 'variants[0].slack: must be an object, or null for none' });
  });
});

describe('the comparison a scenario is made for', () => {
  it('reads its compare field as a setup; none, an empty list or a malformed one give null', () => {
    const compare = [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'lstf' }, routers: ['r1'], slack: null }];
    expect(scenarioSetup({ compare })).toEqual({
      variants: [{ scheduler: { name: 'fifo' }, routers: null }, { scheduler: { name: 'lstf' }, routers: ['r1'], slack: null }],
    });
    expect(scenarioSetup({})).toBeNull();
    expect(scenarioSetup({ compare: [] })).toBeNull();
    expect(scenarioSetup({ compare: [{ scheduler: { name: 'fifo' } }] })).toBeNull();
  });

  it('tells the same setup from a changed one (a parameter, a router, the order)', () => {
    const a = parseSetup({ variants: [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'aifo', params: { k: 0.1 } } }] });
    const b = parseSetup({ variants: [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'aifo', params: { k: 0.9 } } }] });
    const c = parseSetup({ variants: [{ scheduler: { name: 'aifo', params: { k: 0.1 } } }, { scheduler: { name: 'fifo' } }] });
    if (!a.ok || !b.ok || !c.ok) throw new Error('setups');
    expect(sameSetup(a.setup, a.setup)).toBe(true);
    expect(sameSetup(a.setup, b.setup)).toBe(false);
    expect(sameSetup(a.setup, c.setup)).toBe(false);
    expect(sameSetup(a.setup, { variants: a.setup.variants.slice(0, 1) })).toBe(false);
  });
});

describe("a comparison of a middlebox's CPU schedulers", () => {
  it('sends cpu only when set, reads it back from a link, and names where the run is', () => {
    const mr3 = { name: 'mr3' };
    expect(JSON.parse(variantJson({ scheduler: mr3, routers: null, cpu: true }))).toEqual({ scheduler: mr3, cpu: true });
    expect(JSON.parse(variantJson({ scheduler: mr3, routers: null, cpu: false }))).toEqual({ scheduler: mr3 });
    const read = parseSetup({ variants: [{ scheduler: { name: 'drfq' }, cpu: true }, { scheduler: mr3, cpu: true, routers: ['mb'] }] });
    expect(read).toEqual({ ok: true, setup: { variants: [
      { scheduler: { name: 'drfq' }, routers: null, cpu: true }, { scheduler: mr3, routers: ['mb'], cpu: true },
    ] } });
    expect(parseSetup({ variants: [{ scheduler: mr3, cpu: 'yes' }, { scheduler: mr3 }] }))
      .toEqual({ ok: false, error: 'variants[0].cpu: must be true or false' });
    if (!read.ok) throw new Error('unread');
    expect(variantLabels(read.setup)).toEqual(['drfq at the CPU', "mr3 at mb's CPU"]);
  });
});
