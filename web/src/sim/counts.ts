// Counts that follow the playhead: packets sent (created), delivered and dropped by a cursor
// (the number of trace events applied), in all and per flow. One pass over the trace keeps
// the event indices of each kind; a count is then a binary search. Per flow only data
// packets count (every role but ACK: the trace's `role` column, which the core fills from the
// same header flags its flow results count by), as in the run's flow results; the totals
// count every packet, as the run's totals do (sent = packets created). The worker builds them
// with the playback index (sim/worker.ts) and transfers their typed arrays; this thread only
// revives them.
import { lowerBound } from './search';
import { EventKind, PacketRole, type TraceColumns } from './types';

export interface Counts {
  readonly sent: number;
  readonly delivered: number;
  readonly dropped: number;
}

interface Lists {
  sent: Uint32Array;
  delivered: Uint32Array;
  dropped: Uint32Array;
}

interface Building {
  sent: number[];
  delivered: number[];
  dropped: number[];
}

const building = (): Building => ({ sent: [], delivered: [], dropped: [] });
const packed = (b: Building): Lists => ({ sent: Uint32Array.from(b.sent), delivered: Uint32Array.from(b.delivered), dropped: Uint32Array.from(b.dropped) });

/** How many of each list's sorted indices are below `cursor`. */
const countOf = (l: Lists, cursor: number): Counts =>
  ({ sent: lowerBound(l.sent, cursor), delivered: lowerBound(l.delivered, cursor), dropped: lowerBound(l.dropped, cursor) });

export class RunCounts {
  private readonly all: Lists;
  private readonly flows = new Map<number, Lists>();

  constructor(trace: TraceColumns) {
    const n = trace.kind.length;
    const seen = new Set<number>();
    const all = building();
    const flows = new Map<number, Building>();
    const of = (flow: number): Building => {
      let b = flows.get(flow);
      if (!b) {
        b = building();
        flows.set(flow, b);
      }
      return b;
    };
    for (let i = 0; i < n; i++) {
      const kind = trace.kind[i] as number;
      const data = trace.role[i] !== PacketRole.Ack;
      const flow = trace.flow[i] as number;
      if (kind === EventKind.Arrive) {
        // A packet's first arrival is its creation, at its source.
        const packet = trace.packet[i] as number;
        if (seen.has(packet)) continue;
        seen.add(packet);
        all.sent.push(i);
        if (data) of(flow).sent.push(i);
      } else if (kind === EventKind.Deliver) {
        all.delivered.push(i);
        if (data) of(flow).delivered.push(i);
      } else if (kind === EventKind.Drop || kind === EventKind.StageDrop) {
        all.dropped.push(i);
        if (data) of(flow).dropped.push(i);
      }
    }
    this.all = packed(all);
    for (const [flow, b] of flows) this.flows.set(flow, packed(b));
  }

  /** Counts built elsewhere (the worker) and structured-cloned here: plain data, methods given back. */
  static revive(cloned: unknown): RunCounts {
    return Object.setPrototypeOf(cloned, RunCounts.prototype) as RunCounts;
  }

  /** The typed arrays it holds (to transfer them). */
  buffers(): ArrayBuffer[] {
    return [this.all, ...this.flows.values()].flatMap((l) => [l.sent.buffer, l.delivered.buffer, l.dropped.buffer] as ArrayBuffer[]);
  }

  /** Totals once the first `cursor` events have happened. */
  at(cursor: number): Counts {
    return countOf(this.all, cursor);
  }

  /** One flow's data packets once the first `cursor` events have happened. */
  flowAt(flow: number, cursor: number): Counts {
    const l = this.flows.get(flow);
    return l ? countOf(l, cursor) : { sent: 0, delivered: 0, dropped: 0 };
  }
}
