// The test's own reading of the trace (independent of the app's playback model): queue
// contents after the first `cursor` events, per port, in service order.
import type { TraceDump } from '../../web/src/app/testHandle';

export const KIND = { arrive: 0, enqueue: 1, dequeue: 2, depart: 3, drop: 4, deliver: 5 } as const;

export interface Queued { packet: number; key: number }

export function queuesAfter(trace: TraceDump, cursor: number): Map<number, Queued[]> {
  const queues = new Map<number, (Queued & { seq: number })[]>();
  for (let i = 0; i < cursor; i++) {
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

/** "25.95M" -> 25.95e6: the compact key labels drawn on queued packets. */
export function parseCompact(text: string): number {
  const m = /^(-?[\d.]+)([kMGT]?)$/.exec(text);
  if (!m) return Number.NaN;
  const scale = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] as '' | 'k' | 'M' | 'G' | 'T'];
  return Number(m[1]) * scale;
}
