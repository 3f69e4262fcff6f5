// Builds columnar traces from readable rows, for tests.
import type { TraceColumns } from './types';

/** [time, kind, packet, flow, loc, value, role?] (role: a PacketRole code, 0 = datagram when left out) */
export type Row = readonly [number, number, number, number, number, number, number?];
/** An order record: [at, port, op (0 clear, 1 remove, 2 insert), index, packet, key]. */
export type OrderRow = readonly [number, number, number, number, number, number];
/** A state record: [at, port, field, values]. */
export type StateRow = readonly [number, number, number, readonly number[]];
/** A slack record: [at, packet, initial, current]. */
export type SlackRow = readonly [number, number, number, number];

export function traceFrom(
  rows: readonly Row[], order: readonly OrderRow[] = [], state: readonly StateRow[] = [], slack: readonly SlackRow[] = [],
): TraceColumns {
  const starts: number[] = [];
  let n = 0;
  for (const r of state) {
    starts.push(n);
    n += r[3].length;
  }
  return {
    time: Float64Array.from(rows, (r) => r[0]),
    kind: Uint8Array.from(rows, (r) => r[1]),
    packet: Uint32Array.from(rows, (r) => r[2]),
    flow: Uint32Array.from(rows, (r) => r[3]),
    loc: Uint32Array.from(rows, (r) => r[4]),
    value: Float64Array.from(rows, (r) => r[5]),
    role: Uint8Array.from(rows, (r) => r[6] ?? 0),
    order: {
      at: Uint32Array.from(order, (r) => r[0]),
      port: Uint32Array.from(order, (r) => r[1]),
      op: Uint8Array.from(order, (r) => r[2]),
      index: Uint16Array.from(order, (r) => r[3]),
      packet: Uint32Array.from(order, (r) => r[4]),
      key: Float64Array.from(order, (r) => r[5]),
    },
    state: {
      at: Uint32Array.from(state, (r) => r[0]),
      port: Uint32Array.from(state, (r) => r[1]),
      field: Uint16Array.from(state, (r) => r[2]),
      start: Uint32Array.from(starts),
      values: Float64Array.from(state.flatMap((r) => [...r[3]])),
    },
    slack: {
      at: Uint32Array.from(slack, (r) => r[0]),
      packet: Uint32Array.from(slack, (r) => r[1]),
      initial: Float64Array.from(slack, (r) => r[2]),
      current: Float64Array.from(slack, (r) => r[3]),
    },
  };
}
