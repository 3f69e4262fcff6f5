import { describe, expect, it } from 'vitest';
import { blankScenario } from './commands';
import { fieldFor } from './errorField';
import { checkField, type FieldSpec } from './fields';
import { paramField, withParam, type SchedulerInfo } from './registry';
import { flowCell, trafficFields } from './trafficFields';
import type { EditableScenario } from './types';

const ctx = { hosts: ['h1', 'h2'] };
const check = (spec: FieldSpec, text: string) => {
  const r = checkField(spec, text, ctx);
  return r.ok ? r.value : `error: ${r.error}`;
};

const FIFO: SchedulerInfo = {
  name: 'fifo', summary: '', reference: '', key_label: 'arrival time', takes_children: false,
  params: [{ name: 'drop', description: 'which packet a full buffer drops', default: 'tail', type: 'choice', options: ['tail', 'head'] }],
};

describe('fields', () => {
  it('checks quantities, numbers with ranges, choices and hosts', () => {
    const rate: FieldSpec = { key: 'rate', label: 'rate', input: { kind: 'quantity', unit: 'bandwidth' } };
    expect(check(rate, ' 5Mbps ')).toBe('5Mbps');
    expect(check(rate, 'fast')).toMatch(/^error: .*\(e\.g\. "10Mbps"\)$/);
    expect(check(rate, '')).toBe('error: required');
    expect(check({ ...rate, optional: true }, '')).toBeUndefined();
    const load: FieldSpec = { key: 'load', label: 'load', input: { kind: 'number', min: 0, max: 1, exclusive: true } };
    expect(check(load, '0.7')).toBe(0.7);
    expect(check(load, '1')).toBe('error: must be less than 1');
    expect(check(load, '0')).toBe('error: must be greater than 0');
    const cls: FieldSpec = { key: 'class', label: 'class', input: { kind: 'int', min: 0, max: 255 } };
    expect(check(cls, '256')).toBe('error: must be at most 255');
    expect(check(cls, '2.5')).toBe('error: expected a whole number');
    expect(check(cls, 'x')).toBe('error: expected a number');
    expect(check({ key: 'src', label: 'src', input: { kind: 'host' } }, 'r1')).toBe('error: "r1" is not a host');
    expect(check({ key: 'hosts', label: 'hosts', input: { kind: 'hosts' } }, 'h1, h2,')).toEqual(['h1', 'h2']);
    const path: FieldSpec = { key: 'path', label: 'path', input: { kind: 'nodes' } };
    expect(checkField(path, 'h1, r1, h2', { hosts: ['h1', 'h2'], nodes: ['h1', 'r1', 'h2'] })).toEqual({ ok: true, value: ['h1', 'r1', 'h2'] });
    expect(check(path, 'h1, r1')).toBe('error: "r1" is not a node');
  });

  it('turns registry parameters into optional fields that show the default', () => {
    const drop = FIFO.params[0];
    if (!drop) throw new Error('FIFO has a parameter');
    const f = paramField(drop);
    expect(f).toMatchObject({ key: 'params.drop', optional: true, defaultText: 'tail', input: { kind: 'choice', options: ['tail', 'head'] } });
    expect(paramField({ name: 'k', description: 'ports', default: 4, type: 'int', min: 2, max: 16 }).help).toBe('ports · min 2, max 16');
    expect(paramField({ name: 'bw', description: 'rate', default: '10Gbps', type: 'quantity', unit: 'bandwidth' }).input).toEqual({ kind: 'quantity', unit: 'bandwidth' });
    const ecn = paramField({ name: 'ecn_threshold', description: 'mark above', default: 'off', type: 'quantity', unit: 'buffer' });
    expect(checkField(ecn, 'off', ctx)).toEqual({ ok: true, value: 'off' });
    expect(checkField(ecn, '20pkt', ctx)).toEqual({ ok: true, value: '20pkt' });
    expect(checkField(ecn, 'of', ctx).ok).toBe(false);
  });

  it('stores only parameters that differ from the default', () => {
    expect(withParam({ name: 'fifo' }, FIFO, 'drop', 'head')).toEqual({ name: 'fifo', params: { drop: 'head' } });
    expect(withParam({ name: 'fifo', params: { drop: 'head' } }, FIFO, 'drop', 'tail')).toEqual({ name: 'fifo' });
  });

  it('lists the fields of each traffic kind and the flow table cells', () => {
    const flow = { id: 'f', kind: 'flow', src: 'h1', dst: 'h2', size: '10KB', start: '0' } as const;
    expect(trafficFields(flow).map((f) => f.key)).toEqual(['id', 'src', 'dst', 'size', 'start', 'rate', 'packet_size', 'transport', 'weight', 'class', 'path']);
    expect(flowCell(flow, 'amount')?.key).toBe('size');
    expect(flowCell({ id: 'c', kind: 'cbr', src: 'h1', dst: 'h2', rate: '1Mbps', packet_size: '1500B' }, 'amount')?.key).toBe('rate');
    expect(flowCell({ id: 'c', kind: 'cbr', src: 'h1', dst: 'h2', rate: '1Mbps', packet_size: '1500B' }, 'weight')).toBeUndefined();
    const pareto = { id: 'w', kind: 'workload', load: 0.5, sizes: { dist: 'pareto', mean: '10KB', shape: 1.2 }, endpoints: { pattern: 'incast' } } as const;
    expect(trafficFields(pareto).map((f) => f.key)).toEqual(expect.arrayContaining(['sizes.mean', 'sizes.shape', 'endpoints.dst']));
  });
});

describe('fieldFor: the field a core error belongs to', () => {
  const s: EditableScenario = {
    ...blankScenario(),
    traffic: [{ id: 'c', kind: 'cbr', src: 'h1', dst: 'h2', rate: '1Mbps', packet_size: '1500B' }],
  };
  it('maps paths to the fields the forms show', () => {
    expect(fieldFor(s, 'topology.links[2].bandwidth')).toBe('topology.links[2].bandwidth');
    expect(fieldFor(s, 'topology.nodes[1].id')).toBe('topology.nodes[1].id');
    expect(fieldFor(s, 'topology.nodes[1].scheduler.params.drop')).toBe('topology.nodes[1].scheduler.params.drop');
    expect(fieldFor(s, 'topology.nodes[1].scheduler.name')).toBe('topology.nodes[1].scheduler');
    expect(fieldFor(s, 'topology.links[0].schedulers.r1.children[0].name')).toBe('topology.links[0].schedulers.r1.children[0]');
    expect(fieldFor(s, 'default_scheduler.children[1].params.drop')).toBe('default_scheduler.children[1].params.drop');
    expect(fieldFor(s, 'topology.nodes[2].scheduler.children')).toBe('topology.nodes[2].scheduler');
    expect(fieldFor(s, 'traffic[0].rate')).toBe('traffic[0].rate');
    expect(fieldFor(s, 'duration')).toBe('duration');
  });
  it('returns null for paths no form shows', () => {
    expect(fieldFor(s, '')).toBeNull();
    expect(fieldFor(s, 'topology.links[0]')).toBeNull();
    expect(fieldFor(s, 'traffic[0].size')).toBeNull();
    expect(fieldFor(s, 'traffic[3].rate')).toBeNull();
    expect(fieldFor(s, 'topology')).toBeNull();
  });
});
