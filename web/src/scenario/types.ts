// The scenario file format (version 1) as TypeScript types: what the editor edits. Every type
// here is derived from ../generated/scenario.ts, which `npm run schema` generates from the core's
// JSON Schema; this file only makes them read-only and narrows them to what the editor relies on.
// As in the files, an optional field may be absent or null. Unknown fields are kept as they are
// (objects are spread, never rebuilt from scratch), so a field this page does not know survives
// editing.
import type * as Gen from '../generated/scenario';

export const SCENARIO_FORMAT = 'scheduler-playground/scenario' satisfies Gen.Format;
export const SCENARIO_VERSION = 1;

/** T with every property and array read-only, all the way down. */
export type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A scalar parameter value as a form stores it (compound values: see compound.ts). */
export type ParamValue = string | number | boolean;

export type SchedulerSpec = DeepReadonly<Gen.SchedulerSpec>;
export type NodeKind = Gen.NodeKind;
export type NodeSpec = DeepReadonly<Gen.NodeSpec>;
export type LinkSpec = DeepReadonly<Gen.LinkSpec>;
export type MiddleboxSpec = DeepReadonly<Gen.MiddleboxSpec>;
export type ModuleSpec = DeepReadonly<Gen.ModuleSpec>;
export type Transport = Gen.Transport;
export type SizeDistribution = DeepReadonly<Gen.SizeDist>;
export type Endpoints = DeepReadonly<Gen.Endpoints>;

/** Transports the core offers (scenario `transport`), in menu order. */
export const TRANSPORTS = ['udp', 'tcp', 'dctcp', 'pfabric', 'rc3'] as const satisfies readonly Transport[];

type AnyTopology = DeepReadonly<Gen.Topology>;
/** Explicit nodes and links. */
export type ExplicitTopology = AnyTopology & Required<Pick<AnyTopology, 'nodes' | 'links'>> & { readonly preset?: null };
/** A preset with parameters, which the core expands into nodes and links. */
export type PresetTopology = AnyTopology & { readonly preset: string };
export type Topology = ExplicitTopology | PresetTopology;

export type Traffic = DeepReadonly<Gen.Traffic>;
export type TrafficKind = Traffic['kind'];
export type RateSource = Extract<Traffic, { kind: 'cbr' | 'poisson' }>;
export type OnOffSource = Extract<Traffic, { kind: 'onoff' }>;
export type BulkSource = Extract<Traffic, { kind: 'bulk' }>;
export type FlowSource = Extract<Traffic, { kind: 'flow' }>;
export type Workload = Extract<Traffic, { kind: 'workload' }>;
export type FlowList = Extract<Traffic, { kind: 'flow_list' }>;
/** Traffic that makes many flows: a generator or a list. */
export type ManyFlows = Workload | FlowList;
/** Traffic with one source and one destination host. */
export type PointTraffic = Exclude<Traffic, ManyFlows>;

type AnyScenario = DeepReadonly<Gen.Scenario>;
/** A scenario as the page holds it: restoring fills in `traffic` ([] when absent). */
export type Scenario = AnyScenario & Required<Pick<AnyScenario, 'traffic'>> & { readonly topology: Topology };

/** A scenario whose topology is explicit nodes and links: what the editor works on. */
export type EditableScenario = Scenario & { readonly topology: ExplicitTopology };

export function isPreset(t: Topology): t is PresetTopology {
  return typeof t.preset === 'string';
}

export function isPointTraffic(t: Traffic): t is PointTraffic {
  return t.kind !== 'workload' && t.kind !== 'flow_list';
}
