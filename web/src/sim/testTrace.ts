// Builds columnar traces from readable rows, for tests.
import type { Playback } from './playback';
import type { RunCounts } from './counts';
import { countTrace } from './countsIndex';
import { indexTrace } from './playbackIndex';
import type { TraceColumns } from './types';

/** [time, kind, packet, flow, loc, value, role?] (role: a PacketRole code, 0 = datagram when left out) */
export type Row = readonly [number, number, number, number, number, number, number?];
/** An order record: [at, port, op (0 clear, 1 remove, 2 insert), index, packet, key]. */
export type OrderRow = readonly [number, number, number, number, number, number];
/** A state record: [at, port, field, values]. */
export type StateRow = readonly [number, number, number, readonly number[]];
/** A slack record: [at, packet, initial, current]. */
export type SlackRow = readonly [number, number, number, number];

type Ctor = Float64ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;

/** Columns from rows: the i-th key of `types` holds each row's i-th number (0 when left out). */
function columns<T extends Record<string, Ctor>>(
  rows: readonly (readonly unknown[])[], types: T,
): { [K in keyof T]: InstanceType<T[K]> } {
  const col = (Type: Ctor, i: number) => (Type as Float64ArrayConstructor).from(rows, (r) => (r[i] as number | undefined) ?? 0);
  return Object.fromEntries(Object.entries(types).map(([name, Type], i) => [name, col(Type, i)])) as { [K in keyof T]: InstanceType<T[K]> };
}

export function traceFrom(
  rows: readonly Row[], order: readonly OrderRow[] = [], state: readonly StateRow[] = [], slack: readonly SlackRow[] = [],
): TraceColumns {
  const starts: number[] = [];
  let n = 0;
  for (const r of state) {
    starts.push(n);
    n += r[3].length;
  }
  const F64 = Float64Array;
  const [U8, U16, U32] = [Uint8Array, Uint16Array, Uint32Array];
  return {
    ...columns(rows, { time: F64, kind: U8, packet: U32, flow: U32, loc: U32, value: F64, role: U8 }),
    order: columns(order, { at: U32, port: U32, op: U8, index: U16, packet: U32, key: F64 }),
    state: {
      ...columns(state, { at: U32, port: U32, field: U16 }),
      start: Uint32Array.from(starts),
      values: Float64Array.from(state.flatMap((r) => [...r[3]])),
    },
    slack: columns(slack, { at: U32, packet: U32, initial: F64, current: F64 }),
  };
}

/** A run's result as the worker hands it over: with its playback index and counts (./playbackIndex.ts, ./countsIndex.ts). */
export function indexed<R extends { readonly summary: { readonly ports?: readonly unknown[] }; readonly trace: TraceColumns }>(r: R): R & { playback: Playback; counts: RunCounts } {
  return { ...r, playback: indexTrace(r.trace, r.summary.ports?.length ?? 0), counts: countTrace(r.trace) };
}
