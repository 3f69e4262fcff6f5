// What the page reads from the core instead of working it out, against the real core: each
// packet's role (the flow table's counts), the group FCT CDFs (the charts' lines per group),
// and the replay catalog (the Replay tab's modes and names). Needs the wasm package (npm run
// build:wasm).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fctMembers, groupFlows } from '../view/flowGroups';
import { parseReplayCatalog } from './replayNames';
import { TEST_REPLAY_MODES } from './testReplayCatalog';
import { EventKind, PacketRole, type RunSummary, type TraceColumns } from './types';
import { countTrace } from './countsIndex';

const pkgDir = fileURLToPath(new URL('../../../wasm-core/wasm/pkg/', import.meta.url));
const scenario = (path: string) => readFileSync(fileURLToPath(new URL(`../../../scenarios/${path}`, import.meta.url)), 'utf8');
const havePkg = existsSync(`${pkgDir}sched_wasm_bg.wasm`);

type Core = typeof import('../../../wasm-core/wasm/pkg/sched_wasm.js');
let core: Core;

function run(path: string): { summary: RunSummary; trace: Pick<TraceColumns, 'kind' | 'packet' | 'flow' | 'role'> } {
  const out = core.run_scenario(scenario(path), 10_000_000);
  const result = {
    summary: JSON.parse(out.summary()) as RunSummary,
    trace: { kind: out.trace_kind(), packet: out.trace_packet(), flow: out.trace_flow(), role: out.trace_role() },
  };
  out.free();
  return result;
}

describe.skipIf(!havePkg)('the core\'s exports the page reads', () => {
  beforeAll(async () => {
    core = await import('../../../wasm-core/wasm/pkg/sched_wasm.js');
    await core.default({ module_or_path: readFileSync(`${pkgDir}sched_wasm_bg.wasm`) });
  });

  it('packet roles: counted to the end of a TCP run, the flows\' data packets and the totals are the results\' own', () => {
    for (const path of ['tcp/newreno-dumbbell.json', 'tcp/dctcp-marking.json']) {
      const { summary, trace } = run(path);
      expect(summary.trace_truncated).toBe(false);
      expect(summary.vocabulary.packet_roles).toEqual(['datagram', 'data', 'retransmission', 'ack']);
      const counts = countTrace(trace as TraceColumns);
      const end = trace.kind.length;
      const t = summary.totals;
      expect(counts.at(end)).toEqual({ sent: t.sent, delivered: t.delivered, dropped: t.dropped });
      summary.flows.forEach((f, i) => {
        expect(counts.flowAt(i, end), `${path} ${f.id}`).toEqual({ sent: f.sent, delivered: f.delivered, dropped: f.dropped });
      });
      // The run has ACKs (counted apart by the flows), and every packet a queue marked CE is a
      // data segment (only they are ECN-capable).
      expect(summary.flows.some((f) => f.acks_sent > 0)).toBe(true);
      const marked = [...trace.kind.keys()].filter((i) => trace.kind[i] === EventKind.Mark).map((i) => trace.role[i]);
      if (path === 'tcp/dctcp-marking.json') expect(marked.length).toBeGreaterThan(0);
      expect(marked.every((r) => r === PacketRole.Data || r === PacketRole.Retransmission)).toBe(true);
    }
  });

  it('group FCT CDFs: one group of every flow is the run\'s own CDF; size groups are the core\'s buckets', () => {
    const { summary } = run('compare/web-search.json');
    const every = [{ key: 'all', label: 'all', flows: summary.flows.map((_, i) => i) }];
    const m = fctMembers(summary, every);
    expect(JSON.parse(core.fct_cdfs(m.groups, m.group, m.fctNs))).toEqual([summary.fct.cdf_ns]);
    const groups = groupFlows(summary, 'size');
    const sm = fctMembers(summary, groups);
    const cdfs = JSON.parse(core.fct_cdfs(sm.groups, sm.group, sm.fctNs)) as number[][];
    groups.forEach((g, k) => {
      const bucket = summary.fct.by_size[Number(g.key.slice('size'.length))];
      if (!bucket) throw new Error(`no bucket ${g.key}`);
      // The group is the bucket the core counted: its label, its flows, its completed ones.
      expect([g.label, g.flows.length]).toEqual([bucket.label, bucket.stats.flows]);
      const fcts = g.flows.flatMap((f) => summary.flows[f]?.fct_ns ?? []).sort((a, b) => a - b);
      expect(fcts.length).toBe(bucket.stats.completed);
      // Nearest rank: entry 0 the smallest, entry 100 the largest, entry 50 the ceil(n / 2)-th.
      const c = cdfs[k] ?? [];
      if (fcts.length === 0) expect(c).toEqual([]);
      else expect([c[0], c[50], c[100]]).toEqual([fcts[0], fcts[Math.ceil(fcts.length / 2) - 1], fcts[fcts.length - 1]]);
    });
    expect(() => core.fct_cdfs(1, Uint32Array.of(1), Float64Array.of(5))).toThrow(/group 1 of a flow: there are 1 groups/);
  });

  it('the replay catalog: every mode, with the names the core accepts; the tests\' catalog is a part of it', () => {
    const modes = parseReplayCatalog(core.replay_catalog());
    expect(modes.map((m) => m.mode)).toEqual(['lstf', 'edf', 'priority', 'priority_a6', 'omniscient']);
    for (const t of TEST_REPLAY_MODES) {
      const m = modes.find((x) => x.mode === t.mode);
      expect(m && { ...m, summary: t.summary }).toEqual(t);
    }
  });
});
