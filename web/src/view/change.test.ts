import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import { changeBetween } from './change';
import { keyGroups, keySentence } from './keyLegend';

/** A run with only what the summary's columns and the key legend read: h0 → r1 → h1. */
function run(delayMean: number, dropped: number, scheduler = 'fifo', key = { label: 'enqueue time', unit: 'ns' }): RunSummary {
  const port = (node: number, to: number, s: string, k: object) => ({ node, to, scheduler: s, key: k, stats: { utilization: 0.5, wait: null } });
  return {
    trace_hash: 'x',
    workloads: [],
    nodes: [{ id: 'h0' }, { id: 'r1' }, { id: 'h1' }],
    ports: [port(0, 1, 'fifo', { label: 'enqueue time', unit: 'ns' }), port(1, 2, scheduler, key)],
    fct: { small: { stats: { mean_ns: null, p99_ns: null } }, large: { stats: { mean_ns: null, p99_ns: null } }, all: { flows: 0, completed: 0 } },
    delay: { mean: delayMean, p99: 2 * delayMean },
    totals: { dropped },
    flows: [],
  } as unknown as RunSummary;
}

const text = (scheduler: string, extra: object = {}) => JSON.stringify({ name: 'n', seed: 1, default_scheduler: { name: scheduler }, ...extra });

describe('the change bar', () => {
  it('names the scheduler change and lists the moved metrics, each better or worse by its direction', () => {
    const before = { summary: run(12.4e6, 7), scenarioText: text('fifo') };
    const after = { summary: run(12.28e6, 10, 'drr'), scenarioText: text('drr') };
    const change = changeBetween(before, after, (n) => n.toUpperCase());
    expect(change?.what).toBe('scheduler FIFO → DRR');
    // Delay mean 12.4 -> 12.28 ms is lower: better; p99 24.8 -> 24.56 ms: better; drops 7 -> 10: worse.
    expect(change?.rows.map((r) => [r.id, r.verdict])).toEqual([['delay-mean', 'better'], ['delay-p99', 'better'], ['drops', 'worse']]);
    expect(change?.rows[2]).toMatchObject({ before: '7', after: '10' });
    expect(change?.unused).toBeNull();
    // The default changed to LSTF, but r1 keeps its own FIFO: no port runs LSTF, and nothing moved.
    const kept = changeBetween(before, { summary: run(12.4e6, 7), scenarioText: text('lstf') });
    expect(kept).toEqual({ what: 'scheduler fifo → lstf', unused: 'lstf', rows: [] });
  });

  it('names other fields that changed, and is silent for the same scenario or another one', () => {
    const a = { summary: run(1e6, 0), scenarioText: text('fifo') };
    const seeded = { summary: run(1e6, 0), scenarioText: text('fifo', { seed: 2, slack: { kind: 'zero' } }) };
    expect(changeBetween(a, seeded)).toEqual({ what: 'seed, slack rule', unused: null, rows: [] });
    expect(changeBetween(a, a)).toBeNull();
    const node = (scheduler?: object) => text('fifo', { topology: { nodes: [{ id: 'r1', kind: 'router', scheduler }], links: [] } });
    const own = changeBetween({ ...a, scenarioText: node({ name: 'fifo' }) }, { ...a, scenarioText: node({ name: 'lstf' }) });
    expect(own?.what).toBe("r1's scheduler fifo → lstf");
    expect(changeBetween({ ...a, scenarioText: node() }, { ...a, scenarioText: node({ name: 'drr', params: { quantum: 500 } }) })?.what)
      .toBe("r1's scheduler the default → drr");
    const other = { summary: run(2e6, 0), scenarioText: JSON.stringify({ name: 'another', default_scheduler: { name: 'fifo' } }) };
    expect(changeBetween(a, other)).toBeNull();
    const bigger = { ...a, summary: { ...run(1e6, 0), nodes: [{ id: 'h0' }, { id: 'r1' }, { id: 'h2' }] } as unknown as RunSummary };
    expect(changeBetween(a, { ...bigger, scenarioText: text('drr') })).toBeNull();
  });
});

describe('the key legend', () => {
  it('groups the ports by what their number is, with the schedulers and nodes that show it', () => {
    const s = run(1, 0, 'lstf', { label: 'slack', unit: 'deadline' });
    const groups = keyGroups(s, (n) => n.toUpperCase());
    expect(groups).toEqual([
      { label: 'enqueue time', unit: 'ns', schedulers: ['FIFO'], nodes: ['h0'] },
      { label: 'slack', unit: 'deadline', schedulers: ['LSTF'], nodes: ['r1'] },
    ]);
    expect(keySentence(groups)).toBe('enqueue time, a time (FIFO at h0); slack, the time left to its deadline, negative once it is late (LSTF at r1)');
  });
});
