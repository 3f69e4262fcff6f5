// The playback model against the real core: queue lengths rebuilt from the trace must match
// the core's own queue series at every point. Needs the wasm package (npm run build:wasm).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexTrace } from './playbackIndex';
import { withQueueColumns } from './queueColumns';
import { EventKind, type CoreSummary, type RunSummary, type TraceColumns } from './types';

const pkgDir = fileURLToPath(new URL('../../../wasm-core/wasm/pkg/', import.meta.url));
const scenarioPath = fileURLToPath(new URL('../../../scenarios/default.json', import.meta.url));
const havePkg = existsSync(`${pkgDir}sched_wasm_bg.wasm`);

describe.skipIf(!havePkg)('Playback on the default scenario run by the wasm core', () => {
  let summary: RunSummary;
  let trace: TraceColumns;

  beforeAll(async () => {
    const wasm = await import('../../../wasm-core/wasm/pkg/sched_wasm.js');
    await wasm.default({ module_or_path: readFileSync(`${pkgDir}sched_wasm_bg.wasm`) });
    const out = wasm.run_scenario(readFileSync(scenarioPath, 'utf8'), 10_000_000);
    summary = withQueueColumns(JSON.parse(out.summary()) as CoreSummary);
    trace = {
      time: out.trace_time(), kind: out.trace_kind(), packet: out.trace_packet(),
      flow: out.trace_flow(), loc: out.trace_loc(), value: out.trace_value(), role: out.trace_role(),
      order: {
        at: out.order_at(), port: out.order_port(), op: out.order_op(), index: out.order_index(),
        packet: out.order_packet(), key: out.order_key(),
      },
      state: { at: out.state_at(), port: out.state_port(), field: out.state_field(), start: out.state_start(), values: out.state_values() },
      slack: { at: out.slack_at(), packet: out.slack_packet(), initial: out.slack_initial(), current: out.slack_current() },
    };
    out.free();
  });

  it('stores the whole trace and reports a 64-hex trace hash', () => {
    expect(summary.trace_truncated).toBe(false);
    expect(trace.time.length).toBe(summary.events_total);
    expect(summary.trace_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('rebuilds queue lengths equal to the core queue series, forwards and backwards', () => {
    // A small checkpoint spacing, so that both restore and replay are exercised.
    const pb = indexTrace(trace, summary.ports.length, 64);
    const points = summary.queue_series.flatMap((s) => Array.from(s.t_ns, (t, i) => ({ port: s.port, t, packets: s.packets[i] })));
    expect(points.length).toBeGreaterThan(0);
    const check = (p: (typeof points)[number]) => {
      expect(pb.queuesAt(pb.cursorAt(p.t))[p.port]?.length, `port ${p.port} at ${p.t} ns`).toBe(p.packets);
    };
    points.forEach(check);
    [...points].reverse().forEach(check);
  });

  it('draws every FIFO queue as the core orders it: its head, in arrival order, with enqueue times', () => {
    const pb = indexTrace(trace, summary.ports.length, 64);
    let checked = 0;
    for (let i = 0; i < pb.length; i++) {
      const queues = pb.queuesAt(i);
      queues.forEach((q, port) => {
        expect(q.head.length, `port ${port} at event ${i}`).toBe(Math.min(q.length, summary.queue_view_depth));
        const keys = q.head.map((e) => e.key);
        expect(keys, `port ${port} at event ${i}: FIFO serves in enqueue order`).toEqual([...keys].sort((a, b) => a - b));
        checked += q.head.length;
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('sees every drop the summary counts', () => {
    const drops = trace.kind.reduce((n, k) => n + (k === EventKind.Drop ? 1 : 0), 0);
    expect(drops).toBe(summary.totals.dropped);
    const pb = indexTrace(trace, summary.ports.length);
    expect(pb.dropsAt(summary.end_ns, pb.length, summary.end_ns + 1)).toHaveLength(drops);
  });

  it('has every packet on a link for exactly its transmission plus propagation time', () => {
    const pb = indexTrace(trace, summary.ports.length);
    const port = summary.ports.findIndex((p) => p.bandwidth_bps === 10e6);
    // A 1500-byte packet on the 10 Mbps, 2 ms link: 1.2 ms + 2 ms on the wire.
    const dq = trace.kind.findIndex((k, i) => k === EventKind.Dequeue && trace.loc[i] === port && trace.flow[i] === 0);
    const t0 = trace.time[dq] ?? 0;
    const onLink = (t: number) => pb.inFlightAt(t, pb.cursorAt(t)).some((f) => f.packet === trace.packet[dq]);
    expect(onLink(t0)).toBe(true);
    expect(onLink(t0 + 3_199_999)).toBe(true);
    expect(onLink(t0 + 3_200_000)).toBe(false);
  });
});
