import { describe, expect, it } from 'vitest';
import { restoreScenario, scenarioText } from './restore';

const good = {
  format: 'scheduler-playground/scenario', version: 1, name: 'x', seed: 1, duration: '10ms',
  topology: { nodes: [{ id: 'a', kind: 'host' }], links: [] }, future_field: { kept: true },
};

const error = (text: string) => {
  const r = restoreScenario(text);
  return r.ok ? 'ok' : r.error;
};

describe('restoreScenario', () => {
  it('accepts a scenario, fills an empty traffic list and keeps unknown fields', () => {
    const r = restoreScenario(JSON.stringify(good));
    expect(r.ok && r.scenario.traffic).toEqual([]);
    expect(r.ok && (r.scenario as unknown as typeof good).future_field).toEqual({ kept: true });
    expect(error(JSON.stringify({ ...good, topology: { preset: 'dumbbell', params: {} } }))).toBe('ok');
  });

  it('says what is wrong, with the field path', () => {
    expect(error('{"format":')).toMatch(/^it is not valid JSON \(/);
    expect(error('[1]')).toBe('it is not a scenario: expected a JSON object');
    expect(error(JSON.stringify({ ...good, format: 'other' }))).toBe('format: must be "scheduler-playground/scenario" (this is not a scenario file)');
    expect(error(JSON.stringify({ ...good, version: 2 }))).toBe('version: is 2; this page reads version 1');
    expect(error(JSON.stringify({ ...good, name: 3 }))).toBe('name: must be a string');
    expect(error(JSON.stringify({ ...good, topology: { nodes: [{ id: 'a', kind: 'switch' }], links: [] } }))).toBe('topology.nodes[0].kind: must be "host" or "router"');
    expect(error(JSON.stringify({ ...good, topology: { nodes: [], links: [{ from: 1 }] } }))).toBe('topology.links[0].from: must be a string');
    expect(error(JSON.stringify({ ...good, traffic: [{ id: 'f' }] }))).toBe('traffic[0].kind: must be a string');
    expect(error(' '.repeat((1 << 20) + 1))).toMatch(/too large/);
  });

  it('round-trips through its text', () => {
    const r = restoreScenario(JSON.stringify(good));
    if (!r.ok) throw new Error(r.error);
    expect(JSON.parse(scenarioText(r.scenario, true))).toEqual({ ...good, traffic: [] });
  });
});
