// The replay view's slack against the real core: for an LSTF replay of the UPS default scenario,
// the hop and moment where the page finds each packet's slack went negative (from the queue
// keys) are the report's, for every listed packet, and it finds exactly the overdue count.
// Needs the wasm package (npm run build:wasm).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packetSizes, wentWrongFromSlack } from './replay';
import type { RunSummary } from './types';

const pkgDir = fileURLToPath(new URL('../../../wasm-core/wasm/pkg/', import.meta.url));
const scenarioPath = fileURLToPath(new URL('../../../scenarios/ups/default-random.json', import.meta.url));
const havePkg = existsSync(`${pkgDir}sched_wasm_bg.wasm`) && existsSync(scenarioPath);

describe.skipIf(!havePkg)('slack in an LSTF replay run by the wasm core', () => {
  it('goes negative where and when the report says each packet went wrong', async () => {
    const wasm = await import('../../../wasm-core/wasm/pkg/sched_wasm.js');
    await wasm.default({ module_or_path: readFileSync(`${pkgDir}sched_wasm_bg.wasm`) });
    const out = wasm.run_replay(readFileSync(scenarioPath, 'utf8'), 'lstf', 10_000_000);
    const summary = JSON.parse(out.summary()) as RunSummary;
    const trace = {
      time: out.trace_time(), kind: out.trace_kind(), packet: out.trace_packet(),
      flow: out.trace_flow(), loc: out.trace_loc(), value: out.trace_value(),
    };
    out.free();
    expect(summary.trace_truncated).toBe(false);
    const report = summary.replays[0];
    if (!report) throw new Error('no replay report');
    expect(report.overdue).toBeGreaterThan(0);
    const found = new Map(wentWrongFromSlack(trace, summary, packetSizes(trace)).map((w) => [w.replayId, w]));
    expect(found.size).toBe(report.overdue);
    for (const r of report.overdue_packets) {
      expect(found.get(r.replay_id), `packet ${r.replay_id}`).toEqual({ replayId: r.replay_id, port: r.port, atNs: r.at_ns });
    }
  }, 60_000);
});
