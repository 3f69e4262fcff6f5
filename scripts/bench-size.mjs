// Page weight (npm run bench:size; figures, not pass/fail): the sizes of the production build
// in dist/ (npm run build:web), raw and gzipped (zlib level 9), beside the budgets: the wasm the
// page loads before the default scenario runs (the first module, wasm-core/sim/src/first.rs)
// under 200 KB gzipped (issue 41), the full module after it (loaded in the background), the
// main script (the entry chunk index.html loads) under 100 KB gzipped (issue 20), and the boot
// script before it (web/src/boot.ts, which starts the simulation worker) with its imports. Also what else the first render needs (the entry's static imports, alone and
// with the entry, and CSS, the worker) and the chunks loaded on demand (the gallery's index,
// each scenario file).
// Node built-ins only.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('no production build in dist/: run npm run build:wasm && npm run build:web');
  process.exit(1);
}
const KB = 1000;
const size = (file) => {
  const b = readFileSync(path.join(dist, file));
  return { raw: b.length, gzip: gzipSync(b, { level: 9 }).length };
};
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\.\//, ''));
const scripts = refs(/<script type="module"[^>]*src="([^"]+)"/g);
// The main script, and the boot script before it (web/src/boot.ts: starts the simulation worker).
const entry = scripts.filter((f) => /\/main-[^/]*\.js$/.test(f));
const boot = scripts.filter((f) => !entry.includes(f));
const preloads = refs(/<link rel="modulepreload"[^>]*href="([^"]+)"/g);
const css = refs(/<link rel="stylesheet"[^>]*href="([^"]+)"/g);
const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
const firstWasm = assets.filter((f) => /\/sched_wasm_first_bg-[^/]*\.wasm$/.test(f));
const wasm = assets.filter((f) => f.endsWith('.wasm') && !firstWasm.includes(f));
// The page's simulation worker: the worker chunk the entry names (bench.html has its own).
const workers = assets.filter((f) => /\/worker-[^/]*\.js$/.test(f) && [...scripts, ...preloads].some((e) => readFileSync(path.join(dist, e), 'utf8').includes(path.basename(f))));
const gallery = assets.filter((f) => /\/GalleryDialog-[^/]*\.js$/.test(f));
const firstRender = new Set([...scripts, ...preloads, ...css, ...workers, ...firstWasm]);
const onDemand = assets.filter((f) => f.endsWith('.js') && !firstRender.has(f) && !/\/bench-/.test(f));
if (firstWasm.length !== 1) console.error(`expected one first module (sched_wasm_first_bg-*.wasm) in dist/assets, found ${firstWasm.length}`);

const rows = [];
const row = (what, files, budget) => {
  const s = files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  rows.push({ what, files: files.length, raw: s.raw, gzip: s.gzip, budget });
};
row('wasm before the default runs (first module)', firstWasm, 200 * KB);
row('wasm after it, in the background (full)', wasm);
row('main script (entry chunk)', entry, 100 * KB);
row('  its static imports (modulepreload)', preloads);
// The bundler decides which modules the main script shares with chunks loaded on demand (and
// the benchmarks page): those go to chunks of their own, loaded beside it. What the first
// render runs is the two together, whichever way a build splits them.
row('  main script + its static imports', [...entry, ...preloads]);
const bootImports = preloads.filter((f) => boot.some((b) => readFileSync(path.join(dist, b), 'utf8').includes(path.basename(f))));
row('  boot script (starts the worker), imports', [...boot, ...bootImports]);
row('  CSS', css);
row('  simulation worker', workers);
row('first render, all of the above', [...firstRender]);
row('gallery index (on opening Examples…)', gallery);
row('on demand: gallery index + scenario files', onDemand);

console.log('page weight, dist/ (gzip: zlib level 9; KB = 1000 B)\n');
console.log(`${'what'.padEnd(44)}${'files'.padStart(6)}${'raw'.padStart(12)}${'gzip'.padStart(12)}   budget (gzip)`);
for (const r of rows) {
  const verdict = r.budget === undefined ? '' : `${kb(r.budget)}: ${r.gzip <= r.budget ? 'within' : `over by ${kb(r.gzip - r.budget)}`}`;
  console.log(`${r.what.padEnd(44)}${String(r.files).padStart(6)}${kb(r.raw).padStart(12)}${kb(r.gzip).padStart(12)}   ${verdict}`);
}
