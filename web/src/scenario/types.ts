// The scenario file format (version 1) as TypeScript types: what the editor edits. Mirrors the
// core's serde types (wasm-core/sim/src/scenario); the core validates, these only describe.
// Unknown fields are kept as they are (objects are spread, never rebuilt from scratch), so a
// field this page does not know survives editing.

export const SCENARIO_FORMAT = 'scheduler-playground/scenario';
export const SCENARIO_VERSION = 1;

export type ParamValue = string | number | boolean;

export interface SchedulerSpec {
  readonly name: string;
  readonly params?: Readonly<Record<string, ParamValue>>;
  readonly children?: readonly SchedulerSpec[];
}

export type NodeKind = 'host' | 'router';

export interface NodeSpec {
  readonly id: string;
  readonly kind: NodeKind;
  readonly pos?: readonly [number, number];
  readonly scheduler?: SchedulerSpec;
}

export interface LinkSpec {
  readonly from: string;
  readonly to: string;
  readonly bandwidth: string;
  readonly delay: string;
  readonly buffer?: string;
  /** Per-port scheduler overrides, by the id of the endpoint that owns the port. */
  readonly schedulers?: Readonly<Record<string, SchedulerSpec>>;
}

export interface ExplicitTopology {
  readonly nodes: readonly NodeSpec[];
  readonly links: readonly LinkSpec[];
}

export interface PresetTopology {
  readonly preset: string;
  readonly params?: Readonly<Record<string, ParamValue>>;
}

export type Topology = ExplicitTopology | PresetTopology;

interface TrafficBase {
  readonly id: string;
  readonly class?: number;
  readonly start?: string;
  readonly stop?: string;
  /** An explicit route: node ids from the source to the destination (default: shortest, ECMP). */
  readonly path?: readonly string[];
}

export interface RateSource extends TrafficBase {
  readonly kind: 'cbr' | 'poisson';
  readonly src: string;
  readonly dst: string;
  readonly rate: string;
  readonly packet_size: string;
}

export interface OnOffSource extends TrafficBase {
  readonly kind: 'onoff';
  readonly src: string;
  readonly dst: string;
  readonly rate: string;
  readonly packet_size: string;
  readonly on: string;
  readonly off: string;
  readonly periods?: 'periodic' | 'exponential';
}

export interface BulkSource extends TrafficBase {
  readonly kind: 'bulk';
  readonly src: string;
  readonly dst: string;
  readonly packet_size?: string;
  readonly rate?: string;
  readonly transport?: Transport;
}

/** Transports the core offers (scenario `transport`). */
export const TRANSPORTS = ['udp', 'tcp', 'dctcp', 'pfabric'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface FlowSource extends TrafficBase {
  readonly kind: 'flow';
  readonly src: string;
  readonly dst: string;
  readonly size: string;
  readonly packet_size?: string;
  readonly rate?: string;
  readonly transport?: Transport;
  readonly weight?: number;
}

export type SizeDistribution =
  | { readonly dist: 'web_search' | 'data_mining' | 'att' }
  | { readonly dist: 'fixed'; readonly size: string }
  | { readonly dist: 'exponential'; readonly mean: string }
  | { readonly dist: 'pareto'; readonly mean: string; readonly shape: number };

export interface Endpoints {
  readonly pattern: 'uniform' | 'permutation' | 'incast';
  readonly hosts?: readonly string[];
  readonly dst?: string;
}

export interface Workload extends TrafficBase {
  readonly kind: 'workload';
  readonly load: number;
  readonly link?: { readonly from: string; readonly to: string };
  readonly sizes: SizeDistribution;
  /** Default: uniform over all hosts. */
  readonly endpoints?: Endpoints;
  readonly arrival?: 'poisson';
  readonly packet_size?: string;
  readonly max_flows?: number;
  readonly transport?: Transport;
}

export type Traffic = RateSource | OnOffSource | BulkSource | FlowSource | Workload;
export type TrafficKind = Traffic['kind'];
/** Traffic with one source and one destination host. */
export type PointTraffic = Exclude<Traffic, Workload>;

export interface Scenario {
  readonly format: typeof SCENARIO_FORMAT;
  readonly version: typeof SCENARIO_VERSION;
  readonly name: string;
  readonly description?: string;
  readonly seed: number;
  readonly duration: string;
  readonly topology: Topology;
  readonly traffic: readonly Traffic[];
  readonly trace?: { readonly max_events?: number };
  readonly default_scheduler?: SchedulerSpec;
}

/** A scenario whose topology is explicit nodes and links: what the editor works on. */
export interface EditableScenario extends Scenario {
  readonly topology: ExplicitTopology;
}

export function isPreset(t: Topology): t is PresetTopology {
  return typeof (t as PresetTopology).preset === 'string';
}

export function isPointTraffic(t: Traffic): t is PointTraffic {
  return t.kind !== 'workload';
}
