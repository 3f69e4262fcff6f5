// Counts that follow the playhead: packets sent (created), delivered and dropped by a cursor
// (the number of trace events applied), in all and per flow. One pass over the trace keeps
// the event indices of each kind; a count is then a binary search. Per flow only data
// packets count (every role but ACK: the trace's `role` column, which the core fills from the
// same header flags its flow results count by), as in the run's flow results; the totals
// count every packet, as the run's totals do (sent = packets created). The worker builds them
// with the playback index (sim/worker.ts, ./countsIndex.ts) and transfers their typed arrays;
// this thread only revives them.
import { lowerBound } from './search';

export interface Counts {
  readonly sent: number;
  readonly delivered: number;
  readonly dropped: number;
}

export interface Lists {
  sent: Uint32Array;
  delivered: Uint32Array;
  dropped: Uint32Array;
}


/** How many of each list's sorted indices are below `cursor`. */
const countOf = (l: Lists, cursor: number): Counts =>
  ({ sent: lowerBound(l.sent, cursor), delivered: lowerBound(l.delivered, cursor), dropped: lowerBound(l.dropped, cursor) });

/** The counts' lists (built by countTrace, ./countsIndex.ts, in the worker; revived here). */
export class RunCounts {
  declare readonly all: Lists;
  declare readonly flows: Map<number, Lists>;

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
