// The counts' construction (./counts.ts answers them): one pass over the trace that keeps the
// event indices of each kind, in all and per flow. The simulation worker runs it (sim/worker.ts);
// the page's thread only revives the result (issue 20: not in the page's main script).
import { RunCounts, type Lists } from './counts';
import { EventKind, PacketRole, type TraceColumns } from './types';

interface Building {
  sent: number[];
  delivered: number[];
  dropped: number[];
}

const building = (): Building => ({ sent: [], delivered: [], dropped: [] });
const packed = (b: Building): Lists => ({ sent: Uint32Array.from(b.sent), delivered: Uint32Array.from(b.delivered), dropped: Uint32Array.from(b.dropped) });

/** The counts of a trace (packets sent, delivered, dropped by cursor; in all and per flow). */
export function countTrace(trace: TraceColumns): RunCounts {
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
  return RunCounts.revive({ all: packed(all), flows: new Map([...flows].map(([flow, b]) => [flow, packed(b)])) });
}
