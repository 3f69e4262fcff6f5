// Counts that follow the playhead: packets sent (created), delivered and dropped by a cursor
// (the number of trace events applied), in all and per flow. One pass over the trace keeps
// the event indices of each kind; a count is then a binary search. Per flow only data
// packets count (every role but ACK: the trace's `role` column, which the core fills from the
// same header flags its flow results count by), as in the run's flow results; the totals
// count every packet, as the run's totals do (sent = packets created).
import { lowerBound } from './search';
import { EventKind, PacketRole, type TraceColumns } from './types';

export interface Counts {
  readonly sent: number;
  readonly delivered: number;
  readonly dropped: number;
}

interface Lists {
  sent: number[];
  delivered: number[];
  dropped: number[];
}

const lists = (): Lists => ({ sent: [], delivered: [], dropped: [] });

/** How many of each list's sorted indices are below `cursor`. */
const countOf = (l: Lists, cursor: number): Counts =>
  ({ sent: lowerBound(l.sent, cursor), delivered: lowerBound(l.delivered, cursor), dropped: lowerBound(l.dropped, cursor) });

export class RunCounts {
  private readonly all = lists();
  private readonly flows = new Map<number, Lists>();

  constructor(trace: TraceColumns) {
    const n = trace.kind.length;
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const kind = trace.kind[i] as number;
      const data = trace.role[i] !== PacketRole.Ack;
      const flow = trace.flow[i] as number;
      if (kind === EventKind.Arrive) {
        // A packet's first arrival is its creation, at its source.
        const packet = trace.packet[i] as number;
        if (seen.has(packet)) continue;
        seen.add(packet);
        this.all.sent.push(i);
        if (data) this.of(flow).sent.push(i);
      } else if (kind === EventKind.Deliver) {
        this.all.delivered.push(i);
        if (data) this.of(flow).delivered.push(i);
      } else if (kind === EventKind.Drop || kind === EventKind.StageDrop) {
        this.all.dropped.push(i);
        if (data) this.of(flow).dropped.push(i);
      }
    }
  }

  private of(flow: number): Lists {
    let l = this.flows.get(flow);
    if (!l) {
      l = lists();
      this.flows.set(flow, l);
    }
    return l;
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
