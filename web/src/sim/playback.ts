// Playback model: answers "what does the network look like at this point of the trace?"
// Pure TypeScript, no DOM. A position is (t, cursor): the simulated time `t` (ns) and the number
// of trace events applied so far (`cursor`). While playing, cursor = number of events with
// time <= t; stepping moves the cursor by one event and sets t to that event's time.
//
// Queues are exact in both directions: each port's queue (its head in service order, and its
// length) comes from the core's order records (the page never orders a queue:
// wasm-core/wasm/README.md, "View records"), rebuilt from periodic checkpoints (every
// `checkpointEvery` events) plus replay of the records since.
import { lowerBound, partitionPoint, upperBound } from './search';
import { EventKind, OrderOp, type TraceColumns } from './types';

/** A packet waiting in a port's queue, as the core shows it. */
export interface QueuedPacket {
  readonly packet: number;
  readonly flow: number;
  /** The value the core shows on it: its port's `key` says what it means, in which unit. */
  readonly key: number;
}

/** A port's queue: the packets served first, in service order, and how many are queued in all. */
export interface PortQueue {
  readonly head: readonly QueuedPacket[];
  readonly length: number;
}

/** A packet on a link: from its dequeue (transmission start) to its arrival at the far end. */
export interface InFlight {
  readonly packet: number;
  readonly flow: number;
  readonly port: number;
  /** 0 at the port's node, 1 at the far node. */
  readonly progress: number;
}

/** A drop or an ECN mark (CE), flashing for a while after it happened. */
export interface RecentMark {
  readonly packet: number;
  readonly flow: number;
  /** The view it happened at: a port's index, or ports + stage id for a stage's queue. */
  readonly port: number;
  readonly time: number;
  /** 0 = just happened, towards 1 = about to leave the flash window. */
  readonly age: number;
  /** The drop's or the mark's reason code. */
  readonly reason: number;
}

export interface RecentDrop extends RecentMark {
  /** True when the packet was pushed out of the queue, false when refused on arrival. */
  readonly fromQueue: boolean;
}

export interface Position {
  readonly t: number;
  readonly cursor: number;
}

export interface PlaybackFrame extends Position {
  /** Per port, its queue as the core orders it. */
  readonly queues: readonly PortQueue[];
  /** Per port, its scheduler's state fields (empty for a scheduler without state). */
  readonly states: readonly (readonly (readonly number[] | null)[])[];
  readonly inFlight: readonly InFlight[];
  readonly drops: readonly RecentDrop[];
  readonly marks: readonly RecentMark[];
}

export interface TraceEvent {
  readonly index: number;
  readonly time: number;
  readonly kind: number;
  readonly packet: number;
  readonly flow: number;
  readonly loc: number;
  readonly value: number;
}

export const DEFAULT_CHECKPOINT_EVERY = 4096;
/** Every port's queue at a cursor: heads (the core's order) and lengths, and the next order row. */
export interface Queues {
  heads: QueuedPacket[][];
  lengths: number[];
  /** Order rows applied: those with at <= the cursor. */
  orderRow: number;
}

/** Queues kept as a checkpoint: flat typed arrays (cheap to keep, and to move between threads). */
export interface Checkpoint {
  readonly lengths: Uint32Array;
  /** Port p's head is entries start[p] .. start[p + 1]. */
  readonly start: Uint32Array;
  readonly packet: Uint32Array;
  readonly flow: Uint32Array;
  readonly key: Float64Array;
  readonly orderRow: number;
}

function unpack(c: Checkpoint): Queues {
  const heads: QueuedPacket[][] = [];
  for (let p = 0; p + 1 < c.start.length; p++) {
    const head: QueuedPacket[] = [];
    for (let j = c.start[p] as number; j < (c.start[p + 1] as number); j++) {
      head.push({ packet: c.packet[j] as number, flow: c.flow[j] as number, key: c.key[j] as number });
    }
    heads.push(head);
  }
  return { heads, lengths: Array.from(c.lengths), orderRow: c.orderRow };
}

/**
 * A trace indexed for playback (built by indexTrace, ./playbackIndex.ts, in the simulation
 * worker; the page's thread only revives it: its main script holds the queries, issue 20).
 */
export class Playback {
  // The index's fields: plain data (typed arrays, arrays, a map), set by indexTrace
  // (./playbackIndex.ts), which builds it in the simulation worker; the page revives a clone.
  declare readonly length: number;
  declare readonly checkpointEvery: number;
  declare readonly trace: TraceColumns;
  declare portCount: number;
  /** The network's ports: a stage's queue is view ports + stage id. */
  declare readonly ports: number;

  // Queue checkpoints: checkpoints[k] holds the queues after events [0, k * checkpointEvery).
  declare readonly checkpoints: Checkpoint[];
  declare liveCursor: number;
  declare liveQueues: Queues;

  // Flights, sorted by the index of their dequeue event.
  declare readonly flightStartIdx: Uint32Array;
  declare readonly flightStart: Float64Array;
  declare readonly flightEnd: Float64Array;
  /** Index of the packet's arrival event at the far end, or -1 when not in the trace. */
  declare readonly flightEndIdx: Int32Array;
  declare readonly flightPacket: Uint32Array;
  declare readonly flightFlow: Uint32Array;
  declare readonly flightPort: Uint32Array;
  declare readonly maxFlightDuration: number;

  /** Indices of the drop events, ascending. */
  declare readonly dropIdx: Uint32Array;
  /** Indices of the ECN mark events, ascending. */
  declare readonly markIdx: Uint32Array;

  /** The flow of every packet id seen in the trace. */
  declare readonly flowOf: Uint32Array;
  /** Per port, per state field: the state rows, ascending `at`. */
  declare readonly stateRows: Map<number, number[][]>;

  /**
   * A Playback built elsewhere (the worker) and structured-cloned to this thread: its fields
   * are plain data (typed arrays, arrays, maps), so it only gets its methods back.
   */
  static revive(cloned: unknown): Playback {
    return Object.setPrototypeOf(cloned, Playback.prototype) as Playback;
  }

  /** The typed arrays it holds besides the trace (to transfer them with it). */
  buffers(): ArrayBuffer[] {
    const arrays: ArrayBufferView[] = [this.flightStartIdx, this.flightStart, this.flightEnd, this.flightEndIdx, this.flightPacket, this.flightFlow, this.flightPort, this.dropIdx, this.markIdx, this.flowOf];
    for (const c of this.checkpoints) arrays.push(c.lengths, c.start, c.packet, c.flow, c.key);
    return arrays.map((a) => a.buffer as ArrayBuffer);
  }

  /** Time of the last stored event (0 for an empty trace). */
  get endTime(): number {
    return this.length > 0 ? (this.trace.time[this.length - 1] as number) : 0;
  }

  /** Number of events with time <= t: the cursor while playing continuously. */
  cursorAt(t: number): number {
    return upperBound(this.trace.time, t);
  }

  /** The position reached by playing up to time t. */
  seek(t: number): Position {
    return { t, cursor: this.cursorAt(t) };
  }

  /** One event forward: apply the next event and move to its time. */
  stepForward(pos: Position): Position {
    if (pos.cursor >= this.length) return pos;
    return { t: this.trace.time[pos.cursor] as number, cursor: pos.cursor + 1 };
  }

  /** One event back: un-apply the last applied event; t becomes the time of the one before. */
  stepBack(pos: Position): Position {
    if (pos.cursor <= 0) return { t: 0, cursor: 0 };
    const cursor = pos.cursor - 1;
    return { t: cursor > 0 ? (this.trace.time[cursor - 1] as number) : 0, cursor };
  }

  /** Event `index` of the trace, or null when out of range. */
  event(index: number): TraceEvent | null {
    if (index < 0 || index >= this.length) return null;
    const c = this.trace;
    return {
      index,
      time: c.time[index] as number,
      kind: c.kind[index] as number,
      packet: c.packet[index] as number,
      flow: c.flow[index] as number,
      loc: c.loc[index] as number,
      value: c.value[index] as number,
    };
  }

  /** Every port's queue after `cursor` events: its head in the core's service order and its length. */
  queuesAt(cursor: number): readonly PortQueue[] {
    const target = Math.max(0, Math.min(this.length, Math.floor(cursor)));
    const forward = target - this.liveCursor;
    if (forward < 0 || forward > this.checkpointEvery) {
      const k = Math.floor(target / this.checkpointEvery);
      const checkpoint = this.checkpoints[k];
      this.liveQueues = checkpoint !== undefined ? unpack(checkpoint) : this.startQueues();
      this.liveCursor = checkpoint !== undefined ? k * this.checkpointEvery : 0;
    }
    for (let i = this.liveCursor; i < target; i++) this.apply(this.liveQueues, i);
    this.liveCursor = target;
    const { heads, lengths } = this.liveQueues;
    return heads.map((head, port) => ({ head, length: lengths[port] ?? 0 }));
  }

  /** Port `port`'s scheduler state after `cursor` events: per declared field, its values (null: not yet known). */
  stateAt(port: number, cursor: number): readonly (readonly number[] | null)[] {
    const { at, start, values } = this.trace.state;
    return (this.stateRows.get(port) ?? []).map((rows) => {
      const lo = partitionPoint(rows.length, (i) => (at[rows[i] as number] as number) <= cursor);
      if (lo === 0) return null;
      const row = rows[lo - 1] as number;
      return Array.from(values.subarray(start[row] as number, start[row + 1] ?? values.length));
    });
  }

  /** Packets on links at position (t, cursor). */
  inFlightAt(t: number, cursor: number): InFlight[] {
    const out: InFlight[] = [];
    const hi = upperBound(this.flightStartIdx, cursor - 1); // flights whose dequeue is applied
    const earliest = t - this.maxFlightDuration;
    for (let j = hi - 1; j >= 0; j--) {
      const start = this.flightStart[j] as number;
      if (start < earliest) break;
      const end = this.flightEnd[j] as number;
      const endIdx = this.flightEndIdx[j] as number;
      const arrived = t > end || (t === end && (endIdx < 0 || endIdx < cursor));
      if (arrived) continue;
      const span = end - start;
      const progress = span > 0 ? Math.min(1, Math.max(0, (t - start) / span)) : 1;
      out.push({
        packet: this.flightPacket[j] as number,
        flow: this.flightFlow[j] as number,
        port: this.flightPort[j] as number,
        progress,
      });
    }
    return out.reverse();
  }

  /** The events of `idx` applied by `cursor` that happened within `windowNs` before t, newest last. */
  private recent<T>(idx: Uint32Array, t: number, cursor: number, windowNs: number, make: (i: number, time: number, age: number) => T): T[] {
    const out: T[] = [];
    if (windowNs <= 0) return out;
    const hi = lowerBound(idx, cursor);
    for (let j = hi - 1; j >= 0; j--) {
      const i = idx[j] as number;
      const time = this.trace.time[i] as number;
      if (time <= t - windowNs) break;
      out.push(make(i, time, Math.min(1, Math.max(0, (t - time) / windowNs))));
    }
    return out.reverse();
  }

  /** Drops (at ports and at stages) applied by `cursor` within `windowNs` before t (newest last). */
  dropsAt(t: number, cursor: number, windowNs: number): RecentDrop[] {
    const c = this.trace;
    return this.recent(this.dropIdx, t, cursor, windowNs, (i, time, age) => {
      const value = c.value[i] as number;
      // A stage drop's loc is the stage id: it flashes at the stage's queue (view ports + id).
      const stage = c.kind[i] === EventKind.StageDrop;
      const port = (c.loc[i] as number) + (stage ? this.ports : 0);
      return {
        packet: c.packet[i] as number, flow: c.flow[i] as number, port, time, age,
        reason: value % 256, fromQueue: Math.floor(value / 256) === 1,
      };
    });
  }

  /** ECN marks applied by `cursor` within `windowNs` before t (newest last). */
  marksAt(t: number, cursor: number, windowNs: number): RecentMark[] {
    const c = this.trace;
    return this.recent(this.markIdx, t, cursor, windowNs, (i, time, age) => ({
      packet: c.packet[i] as number, flow: c.flow[i] as number, port: c.loc[i] as number, time, age,
      reason: c.value[i] as number,
    }));
  }

  /** Everything the view needs for one frame. */
  frame(pos: Position, dropWindowNs: number): PlaybackFrame {
    return {
      t: pos.t,
      cursor: pos.cursor,
      queues: this.queuesAt(pos.cursor),
      states: Array.from({ length: this.portCount }, (_, port) => this.stateAt(port, pos.cursor)),
      inFlight: this.inFlightAt(pos.t, pos.cursor),
      drops: this.dropsAt(pos.t, pos.cursor, dropWindowNs),
      marks: this.marksAt(pos.t, pos.cursor, dropWindowNs),
    };
  }

  /** Applies the order rows that apply once event `i` has (indexTrace's pass, and replays from a checkpoint). */
  apply(queues: Queues, i: number): void {
    this.applyOrder(queues, i + 1);
  }

  /** Applies the order rows with at <= `cursor` not applied yet. */
  private applyOrder(queues: Queues, cursor: number): void {
    const o = this.trace.order;
    while (queues.orderRow < o.at.length && (o.at[queues.orderRow] as number) <= cursor) {
      const r = queues.orderRow++;
      const port = o.port[r] as number;
      this.ensurePort(queues, port);
      const head = queues.heads[port] as QueuedPacket[];
      const op = o.op[r] as number;
      if (op === OrderOp.Clear) head.length = 0;
      else if (op === OrderOp.Remove) head.splice(o.index[r] as number, 1);
      else if (op === OrderOp.Length) queues.lengths[port] = o.packet[r] as number;
      else {
        const packet = o.packet[r] as number;
        head.splice(o.index[r] as number, 0, { packet, flow: this.flowOf[packet] ?? 0, key: o.key[r] as number });
      }
    }
  }

  private ensurePort(queues: Queues, port: number): void {
    while (port >= queues.heads.length) {
      queues.heads.push([]);
      queues.lengths.push(0);
    }
    if (port >= this.portCount) this.portCount = port + 1;
  }

  /** The queues before any event: empty, with the rows that apply at 0. */
  startQueues(): Queues {
    const q: Queues = { heads: Array.from({ length: this.portCount }, () => []), lengths: new Array<number>(this.portCount).fill(0), orderRow: 0 };
    this.applyOrder(q, 0);
    return q;
  }
}
