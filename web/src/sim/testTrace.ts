// Builds columnar traces from readable rows, for tests.
import type { TraceColumns } from './types';

/** [time, kind, packet, flow, loc, value] */
export type Row = readonly [number, number, number, number, number, number];

export function traceFrom(rows: readonly Row[]): TraceColumns {
  return {
    time: Float64Array.from(rows, (r) => r[0]),
    kind: Uint8Array.from(rows, (r) => r[1]),
    packet: Uint32Array.from(rows, (r) => r[2]),
    flow: Uint32Array.from(rows, (r) => r[3]),
    loc: Uint32Array.from(rows, (r) => r[4]),
    value: Float64Array.from(rows, (r) => r[5]),
  };
}
