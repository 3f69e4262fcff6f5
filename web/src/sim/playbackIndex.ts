// The playback index's construction (./playback.ts answers the queries): one pass over the
// trace that keeps queue checkpoints, the flights, drops and marks. The simulation worker runs it
// (sim/worker.ts) and sends the result; the page's thread only revives it (issue 20: so the page's
// main script does not hold this).
import { DEFAULT_CHECKPOINT_EVERY, Playback, type Checkpoint, type Queues } from './playback';
import { EventKind, type TraceColumns } from './types';

/** Events indexed between two progress reports. */
const PROGRESS_EVERY = 1 << 17;

function pack(q: Queues): Checkpoint {
  const ports = q.heads.length;
  const start = new Uint32Array(ports + 1);
  q.heads.forEach((h, p) => {
    start[p + 1] = (start[p] as number) + h.length;
  });
  const n = start[ports] as number;
  const c = { lengths: Uint32Array.from(q.lengths), start, packet: new Uint32Array(n), flow: new Uint32Array(n), key: new Float64Array(n), orderRow: q.orderRow };
  let j = 0;
  for (const h of q.heads) {
    for (const e of h) {
      c.packet[j] = e.packet;
      c.flow[j] = e.flow;
      c.key[j] = e.key;
      j++;
    }
  }
  return c;
}

/**
 * Indexes the trace in one pass; `onProgress` hears the fraction done now and then.
 */
export function indexTrace(trace: TraceColumns, portCount: number, checkpointEvery = DEFAULT_CHECKPOINT_EVERY, onProgress?: (done: number) => void): Playback {
  if (checkpointEvery < 1) throw new Error('checkpointEvery must be >= 1');
  const length = trace.time.length;
  let maxPacket = -1;
  for (let i = 0; i < length; i++) maxPacket = Math.max(maxPacket, trace.packet[i] as number);
  const flowOf = new Uint32Array(maxPacket + 1);
  for (let i = 0; i < length; i++) flowOf[trace.packet[i] as number] = trace.flow[i] as number;
  const stateRows = new Map<number, number[][]>();
  trace.state.at.forEach((_, row) => {
    const port = trace.state.port[row] as number;
    const field = trace.state.field[row] as number;
    const fields = stateRows.get(port) ?? [];
    while (fields.length <= field) fields.push([]);
    (fields[field] as number[]).push(row);
    stateRows.set(port, fields);
  });
  const checkpoints: Checkpoint[] = [];
  const playback = Playback.revive({ trace, length, portCount, ports: portCount, checkpointEvery, checkpoints, flowOf, stateRows, liveCursor: 0 });
  const live = playback.startQueues();

  // One pass: checkpoints, flights (dequeue -> depart -> arrival), drops, ECN marks.
  interface Flight { startIdx: number; start: number; end: number; endIdx: number; packet: number; flow: number; port: number }
  const flights: Flight[] = [];
  const transmitting = new Map<number, Flight>(); // packet -> flight between dequeue and depart
  const propagating = new Map<number, Flight>(); // packet -> flight between depart and arrival
  const drops: number[] = [];
  const marks: number[] = [];
  const { kind, packet, loc, value, time, flow } = trace;
  for (let i = 0; i < length; i++) {
    if (i % checkpointEvery === 0) checkpoints.push(pack(live));
    if (onProgress && i % PROGRESS_EVERY === 0) onProgress(i / length);
    const k = kind[i] as number;
    const p = packet[i] as number;
    const pending = propagating.get(p);
    if (pending !== undefined && k !== EventKind.Dequeue) {
      if (time[i] === pending.end) pending.endIdx = i;
      propagating.delete(p);
    }
    if (k === EventKind.Dequeue) {
      transmitting.set(p, {
        startIdx: i, start: time[i] as number, end: Number.NaN, endIdx: -1,
        packet: p, flow: flow[i] as number, port: loc[i] as number,
      });
    } else if (k === EventKind.Depart) {
      const f = transmitting.get(p);
      if (f !== undefined && f.port === loc[i]) {
        transmitting.delete(p);
        f.end = value[i] as number;
        flights.push(f);
        propagating.set(p, f);
      }
    } else if (k === EventKind.Drop || k === EventKind.StageDrop) {
      drops.push(i);
    } else if (k === EventKind.Mark) {
      marks.push(i);
    }
    playback.apply(live, i);
  }

  flights.sort((a, b) => a.startIdx - b.startIdx);
  const n = flights.length;
  const flightStartIdx = new Uint32Array(n);
  const flightStart = new Float64Array(n);
  const flightEnd = new Float64Array(n);
  const flightEndIdx = new Int32Array(n);
  const flightPacket = new Uint32Array(n);
  const flightFlow = new Uint32Array(n);
  const flightPort = new Uint32Array(n);
  let maxDuration = 0;
  flights.forEach((f, j) => {
    flightStartIdx[j] = f.startIdx;
    flightStart[j] = f.start;
    flightEnd[j] = f.end;
    flightEndIdx[j] = f.endIdx;
    flightPacket[j] = f.packet;
    flightFlow[j] = f.flow;
    flightPort[j] = f.port;
    maxDuration = Math.max(maxDuration, f.end - f.start);
  });
  return Object.assign(playback, {
    liveQueues: live, liveCursor: length, maxFlightDuration: maxDuration,
    flightStartIdx, flightStart, flightEnd, flightEndIdx, flightPacket, flightFlow, flightPort,
    dropIdx: Uint32Array.from(drops), markIdx: Uint32Array.from(marks),
  });
}
