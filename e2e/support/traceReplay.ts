// The test's own reading of a FIFO trace (independent of the app's playback model and of the
// core's order records): queue contents after the first `cursor` events, per port, in arrival
// order. A port's operation (an enqueue and the push-out it causes, at one time) counts as a
// whole: the core shows a queue between operations.
import type { TraceDump } from '../../web/src/app/testHandle';

export const KIND = { arrive: 0, enqueue: 1, dequeue: 2, depart: 3, drop: 4, deliver: 5 } as const;

export interface Queued { packet: number; key: number }

/** Events that change a port's queue. */
const QUEUEING: readonly number[] = [KIND.enqueue, KIND.dequeue, KIND.drop];

export function queuesAfter(trace: TraceDump, cursor: number): Map<number, Queued[]> {
  const queues = new Map<number, (Queued & { seq: number })[]>();
  // Back off to the start of an operation the cursor is inside of.
  const same = (i: number, j: number) => trace.time[i] === trace.time[j] && trace.loc[i] === trace.loc[j]
    && QUEUEING.includes(trace.kind[i] ?? -1) && QUEUEING.includes(trace.kind[j] ?? -1);
  let end = cursor;
  while (end > 0 && end < trace.kind.length && same(end - 1, end)) end--;
  for (let i = 0; i < end; i++) {
    const kind = trace.kind[i];
    const port = trace.loc[i] ?? -1;
    const packet = trace.packet[i] ?? -1;
    const q = queues.get(port) ?? [];
    queues.set(port, q);
    const pushedOut = kind === KIND.drop && (trace.value[i] ?? 0) >= 256;
    if (kind === KIND.enqueue) q.push({ packet, key: trace.value[i] ?? 0, seq: i });
    else if (kind === KIND.dequeue || pushedOut) q.splice(q.findIndex((e) => e.packet === packet), 1);
  }
  const out = new Map<number, Queued[]>();
  for (const [port, q] of queues) {
    if (q.length > 0) out.set(port, q.sort((a, b) => a.key - b.key || a.seq - b.seq).map(({ packet, key }) => ({ packet, key })));
  }
  return out;
}

/** "139.1ms" -> 139.1e6 (ns), "25.95M" -> 25.95e6: the short values drawn on queued packets. */
export function parseShown(text: string): number {
  const m = /^(-?[\d.]+)(ns|µs|ms|s|[kMGT]?)$/.exec(text);
  if (!m) return Number.NaN;
  const scales: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, ns: 1, µs: 1e3, ms: 1e6, s: 1e9 };
  return Number(m[1]) * (scales[m[2] ?? ''] ?? Number.NaN);
}
