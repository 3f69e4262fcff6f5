// The fields of each kind of traffic item, for the inspector form and the traffic tables.
import type { FieldSpec } from './fields';
import { TRANSPORTS, type Traffic, type TrafficKind } from './types';

export const TRAFFIC_KINDS: readonly { kind: TrafficKind; label: string }[] = [
  { kind: 'flow', label: 'Flow (fixed size)' },
  { kind: 'cbr', label: 'CBR (constant rate)' },
  { kind: 'poisson', label: 'Poisson' },
  { kind: 'onoff', label: 'On-off' },
  { kind: 'bulk', label: 'Bulk (long-lived)' },
  { kind: 'workload', label: 'Workload generator' },
  { kind: 'flow_list', label: 'Flow list (workload file lines)' },
];

const q = (key: string, label: string, unit: 'time' | 'bandwidth' | 'size', extra: Partial<FieldSpec> = {}): FieldSpec =>
  ({ key, label, input: { kind: 'quantity', unit }, ...extra });

const ID: FieldSpec = { key: 'id', label: 'name', input: { kind: 'text' } };
const SRC: FieldSpec = { key: 'src', label: 'source', input: { kind: 'host' } };
const DST: FieldSpec = { key: 'dst', label: 'destination', input: { kind: 'host' } };
const START = q('start', 'start', 'time', { optional: true, defaultText: '0' });
const STOP = q('stop', 'stop', 'time', { optional: true, defaultText: 'end of run' });
const CLASS: FieldSpec = { key: 'class', label: 'class', input: { kind: 'int', min: 0, max: 255 }, optional: true, defaultText: '0' };
const PACKET = q('packet_size', 'packet size', 'size');
const PACKET_OPT = q('packet_size', 'packet size', 'size', { optional: true, defaultText: '1500B' });
const PATH: FieldSpec = { key: 'path', label: 'path', input: { kind: 'nodes' }, optional: true, defaultText: 'shortest paths (ECMP)', help: 'node names from source to destination, e.g. "h1, r1, h2"' };
const RATE_OPT = q('rate', 'rate', 'bandwidth', { optional: true, defaultText: 'access link' });
const TRANSPORT: FieldSpec = {
  key: 'transport', label: 'transport', input: { kind: 'choice', options: TRANSPORTS }, optional: true, defaultText: 'udp',
  help: 'tcp = NewReno; dctcp and pfabric need ECN marking resp. rank scheduling in the routers; rc3 sends the flow\'s tail first at low priorities (the packets\' class: use strict priority, or LSTF with slack class x D); TCP sources take no rate or packet size',
};

/** RC3's options (UPS Fig. 3 uses initial window 4), shown when the source uses rc3. */
function rc3Fields(t: { transport?: string | null }): FieldSpec[] {
  if (t.transport !== 'rc3') return [];
  const int = (key: string, label: string, min: number, max: number, defaultText: string, help?: string): FieldSpec =>
    ({ key, label, input: { kind: 'int', min, max }, optional: true, defaultText, ...(help ? { help } : {}) });
  return [
    int('tcp.initial_window', 'initial window', 1, 1000000, '10 segments'),
    int('tcp.rc3.levels', 'RC3 low priorities', 1, 7, '3', 'priority levels below the ordinary TCP loop\'s 0'),
    int('tcp.rc3.first', 'RC3 segments at 1', 1, 1000000, '40', 'the flow\'s last segments sent at priority 1'),
    int('tcp.rc3.factor', 'RC3 growth per level', 1, 1000, '10', 'each lower level takes this many times the segments of the one above'),
  ];
}

function workloadFields(t: Extract<Traffic, { kind: 'workload' }>): FieldSpec[] {
  const sizes: FieldSpec[] = [{ key: 'sizes.dist', label: 'flow sizes', input: { kind: 'choice', options: ['web_search', 'web_search_lower_bound', 'data_mining', 'att', 'fixed', 'exponential', 'pareto'] } }];
  const dist = t.sizes.dist;
  if (dist === 'fixed') sizes.push(q('sizes.size', 'size', 'size'));
  if (dist === 'exponential' || dist === 'pareto') sizes.push(q('sizes.mean', 'mean size', 'size'));
  if (dist === 'pareto') sizes.push({ key: 'sizes.shape', label: 'shape', input: { kind: 'number', min: 1, exclusive: true } });
  const endpoints: FieldSpec[] = [
    { key: 'endpoints.pattern', label: 'endpoints', input: { kind: 'choice', options: ['uniform', 'permutation', 'incast'] }, optional: true, defaultText: 'uniform' },
    { key: 'endpoints.hosts', label: 'hosts', input: { kind: 'hosts' }, optional: true, defaultText: 'all hosts' },
  ];
  if (t.endpoints?.pattern === 'incast') endpoints.push({ key: 'endpoints.dst', label: 'incast target', input: { kind: 'host' }, optional: true });
  return [
    ID,
    { key: 'load', label: 'load', input: { kind: 'number', min: 0, max: 1, exclusive: true }, help: 'offered load of the calibrated link, between 0 and 1' },
    ...sizes,
    { key: 'arrival', label: 'arrivals', input: { kind: 'choice', options: ['poisson'] }, optional: true, defaultText: 'poisson' },
    ...endpoints,
    { key: 'link.from', label: 'calibrate link from', input: { kind: 'text' }, optional: true, defaultText: 'most loaded link' },
    { key: 'link.to', label: 'calibrate link to', input: { kind: 'text' }, optional: true },
    PACKET_OPT,
    { key: 'max_flows', label: 'max flows', input: { kind: 'int', min: 1 }, optional: true },
    TRANSPORT, ...rc3Fields(t), START, STOP, CLASS,
  ];
}

/** Every field of a traffic item, in form order. */
export function trafficFields(t: Traffic): FieldSpec[] {
  switch (t.kind) {
    case 'cbr':
    case 'poisson':
      return [ID, SRC, DST, q('rate', 'rate', 'bandwidth'), PACKET, START, STOP, CLASS, PATH];
    case 'onoff':
      return [ID, SRC, DST, q('rate', 'rate while on', 'bandwidth'), PACKET, q('on', 'on time', 'time'), q('off', 'off time', 'time'),
        { key: 'periods', label: 'periods', input: { kind: 'choice', options: ['periodic', 'exponential'] }, optional: true, defaultText: 'periodic' },
        START, STOP, CLASS, PATH];
    case 'bulk':
      return [ID, SRC, DST, RATE_OPT, PACKET_OPT, TRANSPORT, START, STOP, CLASS, PATH];
    case 'flow':
      return [ID, SRC, DST, q('size', 'size', 'size'), START, RATE_OPT, PACKET_OPT, TRANSPORT, ...rc3Fields(t),
        { key: 'weight', label: 'weight', input: { kind: 'int', min: 1 }, optional: true, defaultText: '1' }, CLASS, PATH];
    case 'workload':
      return workloadFields(t);
    case 'flow_list':
      // The lines themselves come with the scenario file (Import); the form sets how they run.
      return [ID, q('packet_size', 'packet size', 'size', { optional: true, defaultText: '1460B' }),
        { key: 'release', label: 'release', input: { kind: 'choice', options: ['whole', 'paced'] }, optional: true, defaultText: 'whole',
          help: 'whole: a flow\'s packets all enter its host\'s NIC at its start (the UPS authors\' scripts); paced: at the access link\'s rate' },
        START, STOP, CLASS];
    default:
      return [ID];
  }
}

/** The columns of the flow table: one field (or none) per column for each item. */
export const FLOW_COLUMNS = ['src', 'dst', 'amount', 'start', 'transport', 'class', 'weight'] as const;
export type FlowColumn = (typeof FLOW_COLUMNS)[number];

export function flowCell(t: Traffic, column: FlowColumn): FieldSpec | undefined {
  const fields = trafficFields(t);
  const key = column === 'amount' ? (t.kind === 'flow' ? 'size' : 'rate') : column;
  return fields.find((f) => f.key === key);
}

export const WORKLOAD_COLUMNS = ['load', 'sizes.dist', 'arrival', 'endpoints.pattern'] as const;
