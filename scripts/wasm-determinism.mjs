// Native = wasm: runs every scenario under scenarios/ (recursively, *.schema.json skipped) in the
// WebAssembly build under Node and in the native CLI, both with trace budget 0, and compares the
// trace hashes (SHA-256 over every event of the run). Exit 1 if any differs or a run fails.
//
// Needs wasm-core/wasm/pkg (npm run build:wasm) and wasm-core/target/ci/sched-cli
// (cargo build --profile ci -p sched-cli); scripts/test.sh builds both in earlier stages.
// Node built-ins only.
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = new URL('../wasm-core/wasm/pkg/', import.meta.url);
const cli = path.join(root, 'wasm-core/target/ci/sched-cli');

for (const [what, file, how] of [
  ['wasm build', fileURLToPath(new URL('sched_wasm.js', pkg)), 'npm run build:wasm'],
  ['native CLI', cli, 'cargo build --profile ci --manifest-path wasm-core/Cargo.toml -p sched-cli'],
]) {
  if (!existsSync(file)) {
    console.error(`missing ${what} ${path.relative(root, file)}: run ${how}`);
    process.exit(1);
  }
}

const wasm = await import(new URL('sched_wasm.js', pkg).href);
await wasm.default({ module_or_path: await readFile(new URL('sched_wasm_bg.wasm', pkg)) });

async function scenarioFiles(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await scenarioFiles(p)));
    else if (e.name.endsWith('.json') && !e.name.endsWith('.schema.json')) out.push(p);
  }
  return out;
}

function runWasm(text) {
  const t = performance.now();
  const out = wasm.run_scenario(text, 0);
  try {
    return { hash: JSON.parse(out.summary()).trace_hash, ms: performance.now() - t };
  } finally {
    out.free();
  }
}

// The native run is a child process that runs while this process runs the same scenario in
// wasm (two cores: about half the time). Its stdout goes to a file, so it never waits on a pipe
// while the wasm run blocks this thread. Its time is the simulation wall time the CLI prints
// ("events: N (X s wall, ...)"), which leaves out process start and the scenario's checks.
const tmp = await mkdtemp(path.join(os.tmpdir(), 'wasm-determinism-'));
let nextOut = 0;
function startNative(file) {
  const outPath = path.join(tmp, `${nextOut++}.out`);
  const fd = openSync(outPath, 'w');
  let child;
  try {
    child = spawn(cli, ['run', file, '--trace-budget', '0'], { stdio: ['ignore', fd, 'pipe'] });
  } finally {
    closeSync(fd);
  }
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status, signal) => resolve({ status, signal, stdout: readFileSync(outPath, 'utf8'), stderr }));
  });
}

function nativeResult(r) {
  // Exit status 1 only means a scenario check failed; the hash is printed first regardless.
  const m = /^trace hash: ([0-9a-f]{64})$/m.exec(r.stdout ?? '');
  if (!m) {
    const why = r.error?.message ?? (r.stderr || r.stdout || `exit ${r.status ?? r.signal}`).trim().split('\n')[0];
    throw new Error(`native: no trace hash (${why})`);
  }
  const wall = /^events: \d+ \(([0-9.]+) s wall/m.exec(r.stdout);
  return { hash: m[1], ms: wall ? Number(wall[1]) * 1000 : NaN };
}

const files = (await scenarioFiles(path.join(root, 'scenarios'))).sort();
if (files.length === 0) console.log('no scenario files found under scenarios/');
const secs = (ms) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
let passed = 0;
let failed = 0;
console.log(`${'scenario'.padEnd(40)} ${'native hash'.padEnd(16)} ${'wasm hash'.padEnd(16)}   native     wasm  (simulation wall time)`);
for (const file of files) {
  const name = path.relative(path.join(root, 'scenarios'), file);
  let native;
  let wasmRun;
  const text = await readFile(file, 'utf8');
  const pending = startNative(file);
  try {
    try {
      wasmRun = runWasm(text);
    } catch (e) {
      throw new Error(`wasm: ${e instanceof Error ? e.message : e}`);
    } finally {
      native = await pending;
    }
    native = nativeResult(native);
  } catch (e) {
    failed++;
    console.log(`${name.padEnd(40)} FAILED: ${e instanceof Error ? e.message : e}`);
    continue;
  }
  const same = native.hash === wasmRun.hash;
  if (same) passed++;
  else failed++;
  console.log(
    `${name.padEnd(40)} ${native.hash.slice(0, 16)} ${wasmRun.hash.slice(0, 16)} ${secs(native.ms)} ${secs(wasmRun.ms)}` +
      (same ? '' : '  DIFFERENT'),
  );
}
await rm(tmp, { recursive: true, force: true });
console.log(`total: ${(performance.now() / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && files.length > 0 ? 0 : 1);
