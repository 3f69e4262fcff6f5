// What the page shows of an LSTF replay, against the real core (the UPS default scenario): the
// core's list of overdue packets (where each went wrong, when, by how much) agrees with the
// slack the queues show, which reaches the page by another road (the order records: each
// queued packet's latest start). A packet's slack went negative at the first hop where its
// transmission started after its latest start, and the report names that hop and the moment
// its last bit left it. Needs the wasm package (npm run build:wasm).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wentWrong } from './replay';
import { EventKind, OrderOp, type RunSummary } from './types';

const pkgDir = fileURLToPath(new URL('../../../wasm-core/wasm/pkg/', import.meta.url));
const scenarioPath = fileURLToPath(new URL('../../../scenarios/ups/default-random.json', import.meta.url));
const havePkg = existsSync(`${pkgDir}sched_wasm_bg.wasm`) && existsSync(scenarioPath);

describe.skipIf(!havePkg)('overdue packets of an LSTF replay run by the wasm core', () => {
  it('went wrong where the shown slack first went negative, as the report says, for every one', async () => {
    const wasm = await import('../../../wasm-core/wasm/pkg/sched_wasm.js');
    await wasm.default({ module_or_path: readFileSync(`${pkgDir}sched_wasm_bg.wasm`) });
    const out = wasm.run_replay(readFileSync(scenarioPath, 'utf8'), 'lstf', 10_000_000);
    const summary = JSON.parse(out.summary()) as RunSummary;
    const t = {
      time: out.trace_time(), kind: out.trace_kind(), packet: out.trace_packet(), loc: out.trace_loc(),
      orderOp: out.order_op(), orderPort: out.order_port(), orderPacket: out.order_packet(), orderKey: out.order_key(),
    };
    const overdue = {
      replayId: out.overdue_replay_id(), port: out.overdue_port(), at: out.overdue_at(), behind: out.overdue_behind(),
    };
    out.free();
    const report = summary.replays[0];
    if (!report) throw new Error('no replay report');
    expect(summary.trace_truncated).toBe(false);
    expect(report.overdue).toBeGreaterThan(0);
    expect(overdue.replayId.length).toBe(report.overdue);
    expect(overdue.behind.every((b) => b > 0)).toBe(true);
    // The JSON's rows are the first of the columns.
    report.overdue_packets.forEach((r, i) => {
      expect([overdue.replayId[i], overdue.port[i], overdue.at[i]]).toEqual([r.replay_id, r.port, r.at_ns]);
    });
    // Latest start of each (packet, port), as the queues show it.
    const shown = new Map<string, number>();
    t.orderOp.forEach((op, i) => {
      if (op === OrderOp.Insert) shown.set(`${t.orderPacket[i]}@${t.orderPort[i]}`, t.orderKey[i] as number);
    });
    // Where each packet first started after its latest start, and when it left that hop.
    const wrongAt = new Map<number, number>();
    const found = new Map<number, { port: number; atNs: number }>();
    for (let i = 0; i < t.kind.length; i++) {
      const p = t.packet[i] as number;
      const port = t.loc[i] as number;
      if (t.kind[i] === EventKind.Dequeue && !wrongAt.has(p) && !found.has(p)) {
        const key = shown.get(`${p}@${port}`);
        if (key === undefined) throw new Error(`packet ${p} was served at port ${port} without being shown there`);
        if ((t.time[i] as number) > key) wrongAt.set(p, port);
      } else if (t.kind[i] === EventKind.Depart && wrongAt.get(p) === port) {
        found.set(p, { port, atNs: t.time[i] as number });
        wrongAt.delete(p);
      }
    }
    expect(found.size).toBe(report.overdue);
    for (const w of wentWrong(overdue)) {
      expect(found.get(w.replayId), `packet ${w.replayId}`).toEqual({ port: w.port, atNs: w.atNs });
    }
  }, 60_000);
});
