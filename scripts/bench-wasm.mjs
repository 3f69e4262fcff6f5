// The benchmark set of `sched-cli bench`, run in the WebAssembly build under Node, next to the
// native figures. Both sides run the same files, wasm-core/cli/bench/NAME.json (the CLI embeds
// them), through run_benchmark (trusted limits, trace budget 0). Figures, not pass/fail (exit 1
// only if something fails to run, or if a wasm trace hash differs from the native one).
//
//   node scripts/bench-wasm.mjs [--repeat N] [--set all|udp|tcp|NAME[,NAME...]]
//
// The default set includes the TCP benchmarks (dumbbell-10g-16 and -1024): the whole run takes
// a few minutes (each TCP benchmark 15-30 s native and about a minute in wasm, run 1 + N times);
// --set udp is quick.
// Needs wasm-core/wasm/pkg (npm run build:wasm); builds the native CLI with
// `cargo build --release` (what `npm run bench` runs). Node built-ins only.
// wasm CPU time is process.cpuUsage() (user + system, whole Node process, so V8's compiler and
// GC threads count); native CPU time is the simulating thread's (see sched-cli bench).
// Each benchmark runs once more in wasm before the timed runs, shown apart as the first run: V8
// starts every function in its baseline compiler (Liftoff) and recompiles the hot ones with its
// optimising compiler (TurboFan) while they run, so a first run in a fresh module pays for
// that (on dumbbell-udp, 0.6 s of simulation, the first run took 0.93 CPU s, the second 0.78 s,
// then 0.60 s each), as the page's first run does. The slowdown is the timed runs' median
// against native's; the first run's is beside it.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import path from 'node:path';
import os from 'node:os';

const { values: opt } = parseArgs({
  options: { repeat: { type: 'string', default: '1' }, set: { type: 'string', default: 'all' } },
});
const repeat = Number(opt.repeat);
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error(`--repeat: "${opt.repeat}" is not a positive count`);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = new URL('../wasm-core/wasm/pkg/', import.meta.url);
const rustupCargo = path.join(os.homedir(), '.cargo/bin/cargo');
const cargo = existsSync(rustupCargo) ? rustupCargo : 'cargo';
const cli = path.join(root, 'wasm-core/target/release/sched-cli');

function sh(cmd, args, inherit = false) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: inherit ? 'inherit' : 'pipe',
  });
  if (r.status !== 0) {
    console.error(`${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})\n${r.stderr ?? ''}`);
    process.exit(1);
  }
  return r.stdout;
}

console.log('building the native CLI (cargo build --release -p sched-cli) ...');
sh(cargo, ['build', '--release', '--quiet', '--manifest-path', 'wasm-core/Cargo.toml', '-p', 'sched-cli'], true);
const benchDir = path.join(root, 'wasm-core/cli/bench');

console.log(`native: sched-cli bench --json --repeat ${repeat} --set ${opt.set} ...`);
const native = new Map();
const unavailable = [];
for (const line of sh(cli, ['bench', '--json', '--repeat', String(repeat), '--set', opt.set]).split('\n')) {
  if (!line.trim()) continue;
  const r = JSON.parse(line);
  if (r.unavailable) unavailable.push(r.unavailable);
  // Only the scenario benchmarks (wasm-core/cli/bench/NAME.json) have a wasm side: the memory
  // figures and the program-vs-builtin ratio (`--set all` includes them) are native only.
  else if (typeof r.events === 'number') native.set(r.name, r);
}

const wasm = await import(new URL('sched_wasm.js', pkg).href);
const exports = await wasm.default({ module_or_path: await readFile(new URL('sched_wasm_bg.wasm', pkg)) });

function runOnce(text) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = wasm.run_benchmark(text);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const s = JSON.parse(out.summary());
  out.free();
  return {
    events: s.events_total,
    // Data packets delivered to their sinks: the flows' counts (ACKs excluded), as sched-cli bench.
    delivered: s.flows.reduce((sum, f) => sum + f.delivered, 0),
    hash: s.trace_hash,
    wall,
    cpu: (c.user + c.system) / 1e6,
  };
}

const fmt = (x, d = 0) => x.toFixed(d);
const mega = (x) => `${(x / 1e6).toFixed(2)} M`;
const kilo = (x) => `${(x / 1e3).toFixed(0)} k`;
const cols = [
  ['benchmark', 22, 'l'],
  ['events', 10],
  ['wasm wall s', 11],
  ['wasm CPU s', 10],
  ['events/CPU-s', 12],
  ['pkts/CPU-s', 10],
  ['native CPU s', 12],
  ['native ev/CPU-s', 15],
  ['slowdown CPU', 12],
  ['first run CPU s', 15],
  ['first', 6],
  ['wall', 6],
  ['heap MiB', 8],
  ['hash', 6],
];
const row = (cells) =>
  cells.map((c, i) => (cols[i][2] === 'l' ? String(c).padEnd(cols[i][1]) : String(c).padStart(cols[i][1]))).join(' ');

console.log(
  `\nwasm (Node ${process.version}) vs native, trace budget 0, ${repeat} run(s) each, the median-CPU run shown`,
);
console.log('slowdown = wasm / native (CPU seconds; "wall" the same for wall seconds), after an untimed first run;');
console.log('first run = that run (V8 still compiling hot functions), "first" its slowdown;');
console.log('heap = wasm linear memory after the run (it only grows: the peak so far); hash: wasm = native?\n');
console.log(row(cols.map((c) => c[0])));
let bad = 0;
for (const [name, n] of native) {
  const text = await readFile(path.join(benchDir, `${name}.json`), 'utf8');
  if (n.cpu_s > 5) console.error(`  (${name}: ${n.cpu_s.toFixed(0)} CPU-s native, about a minute in wasm ...)`);
  const first = runOnce(text);
  const runs = [];
  for (let i = 0; i < repeat; i++) runs.push(runOnce(text));
  runs.sort((a, b) => a.cpu - b.cpu);
  const w = runs[Math.floor(runs.length / 2)];
  const same = [first, ...runs].every((r) => r.hash === n.trace_hash) && w.events === n.events && w.delivered === n.delivered;
  if (!same) bad++;
  console.log(
    row([
      name,
      w.events,
      fmt(w.wall, 3),
      fmt(w.cpu, 3),
      mega(w.events / w.cpu),
      kilo(w.delivered / w.cpu),
      fmt(n.cpu_s, 3),
      mega(n.events_per_cpu_s),
      `${fmt(w.cpu / n.cpu_s, 2)}x`,
      fmt(first.cpu, 3),
      `${fmt(first.cpu / n.cpu_s, 2)}x`,
      `${fmt(w.wall / n.wall_s, 2)}x`,
      fmt(exports.memory.buffer.byteLength / 2 ** 20, 1),
      same ? 'same' : 'DIFF',
    ]),
  );
}
for (const u of unavailable) console.log(u);
if (bad > 0) {
  console.log(`${bad} benchmark(s) differ between wasm and native`);
  process.exit(1);
}
