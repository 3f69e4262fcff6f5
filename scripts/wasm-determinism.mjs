// wasm = golden: runs every scenario under scenarios/ (recursively; *.schema.json and
// reproductions/ skipped) in the WebAssembly build under Node with trace budget 0, and compares
// the trace hashes of the run and of its replays with the ones committed beside the file
// (NAME.golden); and every sweep's jobs (NAME.sweep.json) with NAME.sweep.golden. The Rust scenario test checks the same files natively against the same goldens,
// so together they prove native = wasm. Then the page's first module (pkg-first, issue 41) on
// every scenario: it runs each one it holds the parts for, with the page's limits, to the
// golden run hash, and refuses every other with its typed NeedsFull (never another error);
// the default scenario must be one it runs. Exit 1 if any hash differs or a run fails.
//
// Needs wasm-core/wasm/pkg (npm run build:wasm). Node built-ins only.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = new URL('../wasm-core/wasm/pkg/', import.meta.url);

if (!existsSync(fileURLToPath(new URL('sched_wasm.js', pkg)))) {
  console.error('missing the wasm build wasm-core/wasm/pkg: run npm run build:wasm');
  process.exit(1);
}

const wasm = await import(new URL('sched_wasm.js', pkg).href);
await wasm.default({ module_or_path: await readFile(new URL('sched_wasm_bg.wasm', pkg)) });
const firstPkg = new URL('../wasm-core/wasm/pkg-first/', import.meta.url);
const first = await import(new URL('sched_wasm_first.js', firstPkg).href);
await first.default({ module_or_path: await readFile(new URL('sched_wasm_first_bg.wasm', firstPkg)) });

/** Files under `dir` whose name `keep` accepts, reproductions/ left out. */
async function filesUnder(dir, keep) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'reproductions') out.push(...(await filesUnder(p, keep)));
    } else if (keep(e.name)) out.push(p);
  }
  return out;
}

const scenarioFiles = (dir) =>
  filesUnder(dir, (n) => n.endsWith('.json') && !n.endsWith('.schema.json') && !n.endsWith('.sweep.json') && !n.endsWith('.lesson.json'));

/** The golden lines of the run and its replays: "HASH run", "HASH replay MODE". */
async function golden(file) {
  const text = await readFile(file.replace(/\.json$/, '.golden'), 'utf8').catch(() => '');
  return text.split('\n').filter((l) => / (run|replay \S+)$/.test(l));
}

function runWasm(text) {
  const t = performance.now();
  const out = wasm.run_scenario(text, 0);
  try {
    const s = JSON.parse(out.summary());
    const lines = [`${s.trace_hash} run`, ...s.replays.map((r) => `${r.trace_hash} replay ${r.name}`)];
    return { lines, ms: performance.now() - t };
  } finally {
    out.free();
  }
}

const files = (await scenarioFiles(path.join(root, 'scenarios'))).sort();
if (files.length === 0) console.log('no scenario files found under scenarios/');
let passed = 0;
let failed = 0;
console.log(`${'scenario'.padEnd(40)} ${'wasm hash'.padEnd(16)}  runs     wasm (simulation wall time)`);
for (const file of files) {
  const name = path.relative(path.join(root, 'scenarios'), file);
  try {
    const want = await golden(file);
    if (want.length === 0) throw new Error(`no ${name.replace(/\.json$/, '.golden')}: run npm run goldens`);
    const got = runWasm(await readFile(file, 'utf8'));
    const same = want.length === got.lines.length && want.every((l, i) => l === got.lines[i]);
    if (same) passed++;
    else failed++;
    console.log(
      `${name.padEnd(40)} ${got.lines[0].slice(0, 16)} ${String(got.lines.length).padStart(5)} ${(got.ms / 1000).toFixed(2).padStart(8)} s` +
        (same ? '' : `  DIFFERENT from the golden:\n    golden: ${want.join('\n            ')}\n    wasm:   ${got.lines.join('\n            ')}`),
    );
  } catch (e) {
    failed++;
    console.log(`${name.padEnd(40)} FAILED: ${e instanceof Error ? e.message : e}`);
  }
}
// Sweeps (NAME.sweep.json outside reproductions/): every job run through the binding's
// SweepPlan, as the Sweep tab's workers run them, against NAME.sweep.golden ("job J HASH").
for (const file of (await filesUnder(path.join(root, 'scenarios'), (n) => n.endsWith('.sweep.json'))).sort()) {
  const name = path.relative(path.join(root, 'scenarios'), file);
  try {
    const spec = JSON.parse(await readFile(file, 'utf8'));
    // The page writes its base in; a file names it beside itself.
    if (typeof spec.base === 'string') spec.base = JSON.parse(await readFile(path.join(path.dirname(file), spec.base), 'utf8'));
    const want = (await readFile(file.replace(/\.json$/, '.golden'), 'utf8')).trim().split('\n');
    const t = performance.now();
    const plan = wasm.sweep_plan(JSON.stringify(spec));
    const got = [];
    for (let j = 0; j < plan.jobs(); j++) {
      const out = wasm.run_scenario(plan.scenario(j), 0);
      got.push(`job ${j} ${JSON.parse(out.summary()).trace_hash}`);
      out.free();
    }
    plan.free();
    const same = want.length === got.length && want.every((l, i) => l === got[i]);
    if (same) passed++;
    else failed++;
    const first = got.findIndex((l, i) => l !== want[i]);
    console.log(
      `${name.padEnd(40)} ${String(got.length).padStart(4)} jobs ${((performance.now() - t) / 1000).toFixed(2).padStart(8)} s` +
        (same ? '' : `  DIFFERENT from the golden at line ${first + 1}: ${want[first]} / wasm ${got[first]}`),
    );
  } catch (e) {
    failed++;
    console.log(`${name.padEnd(40)} FAILED: ${e instanceof Error ? e.message : e}`);
  }
}
// The first module: the golden run hash, or NeedsFull (a replay's scenario runs its original
// here only in the full module: the first refuses `replay`).
const firstRuns = [];
const firstRefused = new Map();
for (const file of files) {
  const name = path.relative(path.join(root, 'scenarios'), file);
  try {
    const want = (await golden(file))[0];
    let handle;
    try {
      handle = first.start_run(await readFile(file, 'utf8'), 0);
    } catch (e) {
      if (!(e instanceof first.NeedsFull)) throw e;
      const why = e.reason.replace(/\[\d+\]/g, '[]').replace(/\.schedulers\.\w+\./, '.schedulers.*.');
      firstRefused.set(why, (firstRefused.get(why) ?? 0) + 1);
      e.free();
      continue;
    }
    const out = handle.finish();
    const got = `${JSON.parse(out.summary()).trace_hash} run`;
    out.free();
    firstRuns.push(name);
    if (got === want) passed++;
    else {
      failed++;
      console.log(`first module: ${name} DIFFERENT from the golden: ${want} / first module ${got}`);
    }
  } catch (e) {
    failed++;
    console.log(`first module: ${name} FAILED: ${e instanceof Error ? e.message : e}`);
  }
}
if (!firstRuns.includes('default.json')) {
  failed++;
  console.log('first module: the default scenario did not run on it');
}
console.log(`first module: ${firstRuns.length} scenarios run to their golden run hash (${firstRuns.slice(0, 6).join(', ')}, ...); refused as needing the full module:`);
for (const [why, n] of [...firstRefused].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${why}`);
console.log(`total: ${(performance.now() / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && files.length > 0 ? 0 : 1);
