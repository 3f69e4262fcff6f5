// The work budget (issue 42, sim/src/budget.rs) against what the page's WebAssembly run really
// takes: for each case, the budget the page shows before Run (start_run's work(), the page's
// limits and trace budget) beside the CPU time and memory the wasm run measured under Node.
// Figures, not pass/fail; exit 1 only if a case fails to run or is refused.
//
//   node scripts/bench-budget.mjs [--case NAME[,NAME...]]
//
// Each case runs in a fresh Node process (its own wasm instance), so its memory is its own:
// a wasm instance's linear memory never shrinks, so its size after the run is the run's peak
// heap (the Rust allocator's, output included). CPU is process.cpuUsage() of that process
// (user + system: V8's compiler and GC threads count) around start_run .. finish. The budget's
// CPU is native time (NS_PER_HOP etc.); the page's wasm takes about 1.5x native (bench:wasm),
// so the ratio wasm CPU / budget CPU is the one to read against "at most the budget it shows".
// Needs wasm-core/wasm/pkg (npm run build:wasm). Node built-ins only.
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const scenario = (name, duration, topology, traffic, extra = {}) => ({
  format: 'scheduler-playground/scenario', version: 1, name, seed: 1, duration, topology, traffic, ...extra,
});
const chain = (routers, bandwidth) => {
  const ids = ['h1', ...Array.from({ length: routers }, (_, i) => `r${i + 1}`), 'h2'];
  return {
    nodes: ids.map((id) => ({ id, kind: id.startsWith('h') ? 'host' : 'router' })),
    links: ids.slice(1).map((to, i) => ({ from: ids[i], to, bandwidth, delay: '1us' })),
  };
};

/** The cases (each a share link's scenario, within the page's limits). */
const CASES = {
  // About the largest network the page opens from a short link (leaf_spine with 2,048
  // servers and 4,096 links; its editable form must stay under 1 MiB, which 4,096 servers
  // pass) under a uniform web-search TCP workload at half load.
  'leaf-spine-2048': scenario('leaf-spine 2048', '1ms',
    { preset: 'leaf_spine', params: { leaves: 64, spines: 32, servers: 2048 } },
    [{ kind: 'workload', id: 'w', load: 0.5, sizes: { dist: 'web_search' }, transport: 'tcp' }]),
  // ON-OFF at a high rate: 10 Gbps bursts of 1 us every 2 us over 4 hops (the budget counts
  // packets at the burst rate, and one per ON period at least).
  'onoff-10g': scenario('onoff 10G', '200ms', chain(3, '10Gbps'),
    [{ kind: 'onoff', id: 'f', src: 'h1', dst: 'h2', rate: '10Gbps', packet_size: '1500B', on: '1us', off: '1us' }]),
  // AIFO with its largest window (100,000 ranks, scanned per arrival) at every router.
  'aifo-window-100k': scenario('aifo window 100k', '100ms', chain(3, '1Gbps'),
    [{ kind: 'poisson', id: 'f', src: 'h1', dst: 'h2', rate: '2Gbps', packet_size: '1500B' }],
    { default_scheduler: { name: 'aifo', params: { window: 100000 } } }),
};

const MAX_TRACE_EVENTS = 2_000_000; // the page's (web/src/sim/client.ts)
const CHUNK_EVENTS = 200_000; // the page's worker's

async function runCase(name) {
  const pkg = new URL('../wasm-core/wasm/pkg/', import.meta.url);
  const wasm = await import(new URL('sched_wasm.js', pkg).href);
  const exports = await wasm.default({ module_or_path: await readFile(new URL('sched_wasm_bg.wasm', pkg)) });
  const text = JSON.stringify(CASES[name]);
  const mem0 = exports.memory.buffer.byteLength;
  const c0 = process.cpuUsage();
  const handle = wasm.start_run(text, MAX_TRACE_EVENTS);
  const work = JSON.parse(handle.work());
  while (handle.advance(CHUNK_EVENTS) < 1);
  const out = handle.finish();
  const summary = JSON.parse(out.summary());
  // The columns the page's worker copies out of wasm (web/src/sim/worker.ts collect) before
  // it frees the output: the page holds them beside the wasm memory.
  const columns = ['trace_time', 'trace_kind', 'trace_packet', 'trace_flow', 'trace_loc', 'trace_value', 'trace_role',
    'order_at', 'order_port', 'order_op', 'order_index', 'order_packet', 'order_key',
    'state_at', 'state_port', 'state_field', 'state_start', 'state_values',
    'slack_at', 'slack_packet', 'slack_initial', 'slack_current'].reduce((sum, f) => sum + out[f]().byteLength, 0);
  const c = process.cpuUsage(c0);
  const kept = out.trace_time().length;
  out.free();
  const peak = exports.memory.buffer.byteLength;
  console.log(JSON.stringify({
    name, link_chars: text.length, budget: work, cpu_ns: (c.user + c.system) * 1000, wasm_bytes: peak, wasm_bytes_at_start: mem0, column_bytes: columns, kept_events: kept,
    events: summary.events ?? null, packets: summary.packets_sent ?? null,
  }));
}

const { values: opt } = parseArgs({ options: { case: { type: 'string' }, one: { type: 'string' } } });
if (opt.one) {
  await runCase(opt.one);
} else {
  const names = opt.case ? opt.case.split(',') : Object.keys(CASES);
  const script = fileURLToPath(import.meta.url);
  const mb = (b) => `${(b / 1e6).toFixed(0)} MB`;
  console.log('case                 budget shown                          wasm CPU   CPU/budget  page mem.  mem/budget');
  let failed = false;
  for (const name of names) {
    if (!(name in CASES)) throw new Error(`no case "${name}": ${Object.keys(CASES).join(', ')}`);
    const r = spawnSync(process.execPath, [script, '--one', name], { encoding: 'utf8', maxBuffer: 16 << 20 });
    if (r.status !== 0) {
      console.error(`${name}: failed (exit ${r.status})\n${r.stderr}`);
      failed = true;
      continue;
    }
    const m = JSON.parse(r.stdout.trim().split('\n').pop());
    const cpuRatio = m.cpu_ns / m.budget.cpu_ns;
    const page = m.wasm_bytes + m.column_bytes;
    const memRatio = page / m.budget.memory_bytes;
    console.log(`${name.padEnd(20)} ${m.budget.describe.padEnd(37)} ${(m.cpu_ns / 1e9).toFixed(2).padStart(7)} s ${cpuRatio.toFixed(2).padStart(11)} ${mb(page).padStart(10)} ${memRatio.toFixed(2).padStart(11)}`);
    console.log(`${''.padEnd(20)} budget ${(m.budget.cpu_ns / 1e9).toFixed(2)} s CPU, ${mb(m.budget.memory_bytes)}; ${m.budget.packets} packets, ${m.budget.packet_hops} packet-hops; link ${m.link_chars} chars;`
      + ` wasm memory ${mb(m.wasm_bytes_at_start)} at start, ${mb(m.wasm_bytes)} after, + ${mb(m.column_bytes)} of columns copied out (${m.kept_events} trace events kept)`);
  }
  process.exit(failed ? 1 : 0);
}
