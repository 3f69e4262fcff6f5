import { describe, expect, it } from 'vitest';
import { blankScenario } from './commands';
import { fieldFor } from './errorField';
import { checkField, fieldText, type FieldSpec } from './fields';
import { paramField, withParam } from './paramFields';
import type { SchedulerInfo } from './registry';
import { flowCell, trafficFields } from './trafficFields';
import type { EditableScenario } from './types';

const ctx = { hosts: ['h1', 'h2'] };
const check = (spec: FieldSpec, text: string) => {
  const r = checkField(spec, text, ctx);
  return r.ok ? r.value : `error: ${r.error}`;
};

const FIFO: SchedulerInfo = {
  name: 'fifo', display: 'FIFO', summary: '', reference: '', key: { label: 'arrival time', unit: 'ns' }, children: 'none',
  params: [{ name: 'drop', description: 'which packet a full buffer drops', default: 'tail', type: 'choice', options: ['tail', 'head'], schema: {} }],
  order: 'key', state: [], params_schema: {}, reads: [],
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
    expect(paramField({ name: 'bw', description: 'rate', default: '10Gbps', type: 'rate', min: '1bps', infinite: true }).input)
      .toEqual({ kind: 'quantity', unit: 'bandwidth', min: '1bps' });
    const ecn = paramField({ name: 'ecn_threshold', description: 'mark above', default: 'off', type: 'buffer', off: true });
    expect(checkField(ecn, 'off', ctx)).toEqual({ ok: true, value: 'off' });
    expect(checkField(ecn, '20pkt', ctx)).toEqual({ ok: true, value: '20pkt' });
    expect(checkField(ecn, 'of', ctx).ok).toBe(false);
    const preemption = paramField({ name: 'preemption', description: '', default: 'off', type: 'toggle' });
    expect(preemption.input).toEqual({ kind: 'choice', options: ['off', 'on'] });
  });

  it('checks quantities and reals against the ranges the core declares', () => {
    const quantum = paramField({ name: 'quantum', description: 'bytes per round', default: '1514B', type: 'size', min: '1B', max: '64KB' });
    expect(quantum.help).toBe('bytes per round · min 1B, max 64KB, unit: size');
    expect(check(quantum, '0B')).toBe('error: must be at least 1B');
    expect(check(quantum, '65KB')).toBe('error: must be at most 64KB');
    expect(check(quantum, '3KiB')).toBe('3KiB');
    const target = paramField({ name: 'target', description: '', default: '5ms', type: 'time', min: '1ns', max: '1s' });
    expect(check(target, '2s')).toBe('error: must be at most 1s');
    const rate = paramField({ name: 'm', description: '', default: '1Mbps', type: 'rate', min: '1bps', infinite: false });
    expect(check(rate, 'inf')).toBe('error: must be finite');
    const k = paramField({ name: 'k', description: '', default: 0.1, type: 'real', min: 0, max: 1, max_open: true });
    expect(k.help).toBe('min 0, less than 1');
    expect(check(k, '1')).toBe('error: must be less than 1');
    expect(check(k, '0')).toBe(0);
  });

  it('reads per-class and per-flow lists and service curves from one line of text', () => {
    const weights = paramField({ name: 'weights', description: '', default: 1, type: 'list', per: 'class', item: { type: 'real', min: 0, min_open: true } });
    expect(weights.defaultText).toBe('1 (every class)');
    expect(check(weights, '1, 3')).toEqual([1, 3]);
    expect(check(weights, '2')).toBe(2);
    expect(check(weights, '2: 5, *: 0.5')).toEqual({ 2: 5, '*': 0.5 });
    expect(check(weights, '1, 0')).toBe('error: class 1: must be greater than 0');
    expect(check(weights, 'a: 1')).toBe('error: "a" is not a class number (0-255) or *');
    expect(check(weights, '1, b: 2')).toBe('error: write either "key: value" pairs or plain values, not both');
    const quanta = paramField({ name: 'quanta', description: '', default: '1500B', type: 'list', per: 'flow', item: { type: 'size', min: '1B', max: '64KB' } });
    const flows = { hosts: [], flows: ['long', 'short'] };
    expect(checkField(quanta, 'short: 3000B, *: 1500B', flows)).toEqual({ ok: true, value: { short: '3000B', '*': '1500B' } });
    expect(checkField(quanta, 'nobody: 1B', flows)).toEqual({ ok: false, error: 'no flow "nobody" in the traffic' });
    expect(checkField(quanta, '1B, 2B', flows)).toEqual({ ok: false, error: 'per-flow values are "flow id: value" pairs, e.g. "f1: 2, *: 1"' });
    const curve = paramField({ name: 'curve', description: '', default: { m1: '4Mbps', beta: '6000B', m2: '1Mbps' }, type: 'curve' });
    expect(curve.defaultText).toBe('m1=4Mbps beta=6000B m2=1Mbps');
    expect(check(curve, 'm1=0 d=10ms m2=64Kbps')).toEqual({ m1: '0', d: '10ms', m2: '64Kbps' });
    expect(check(curve, 'm1=1Mbps m2=1Mbps')).toBe('error: give exactly one of d (a time) and beta (a size)');
    expect(check(curve, 'm1=1Mbps d=fast m2=1Mbps')).toMatch(/^error: d: /);
    expect(fieldText({ m1: '0', d: '10ms', m2: '64Kbps' }, curve.input)).toBe('m1=0 d=10ms m2=64Kbps');
    expect(fieldText({ 2: 5, '*': 0.5 }, weights.input)).toBe('2: 5, *: 0.5');
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
