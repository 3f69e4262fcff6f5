// Load benchmark (npm run bench:load; figures, not a test, no pass/fail): how soon the production
// page shows the default scenario running in headless Chromium, from navigation start to the first
// animation frame with its run done and the playhead moving (issue 41's target: within 600 ms,
// cold; issue 38's: under 1 s), cold (a fresh browser context, empty cache) and warm (reloads);
// what it fetched by then: the wasm is the first module (the full one loads after the default
// has run: full_module_ms, when its download ended, from the runner's clock), and the examples
// gallery's index and files are chunks of their own, fetched only when Examples… is opened.
// Sizes of the files themselves: npm run bench:size. The machine is shared: the load average
// before and after is printed beside the times.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { test, type Page } from '@playwright/test';

const LOADS = 5;

/** ms from navigation start until the run is done and the playhead has moved. */
async function untilRunning(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    const check = () => {
      const h = window.__playground;
      if (h?.runState() === 'done' && h.playhead() > 0) resolve(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

test('load: the default scenario running, cold and warm', async ({ browser }) => {
  const cold: number[] = [];
  const warm: number[] = [];
  const fullModule: number[] = [];
  const loadBefore = Number((loadavg()[0] ?? 0).toFixed(2));
  let fetched: string[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname.replace(/^.*\//, '')));
    const navigated = Date.now();
    const full = page.waitForEvent('requestfinished', { predicate: (r) => /\/sched_wasm_bg-[^/]*\.wasm$/.test(r.url()), timeout: 30_000 })
      .then(() => Date.now() - navigated);
    await page.goto('/', { waitUntil: 'commit' });
    cold.push(await untilRunning(page));
    const fetchedWhenRunning = [...urls];
    fullModule.push(await full);
    if (i === 0) fetched = fetchedWhenRunning;
    await page.reload({ waitUntil: 'commit' });
    warm.push(await untilRunning(page));
    await context.close();
  }
  const row = {
    loads: LOADS,
    cold_ms: { median: Math.round(median(cold)), max: Math.round(Math.max(...cold)), all: cold.map(Math.round) },
    warm_ms: { median: Math.round(median(warm)), max: Math.round(Math.max(...warm)), all: warm.map(Math.round) },
    target_ms: 600,
    /** When the full module's download ended (cold), from navigation, by the runner's clock. */
    full_module_ms: { median: Math.round(median(fullModule)), all: fullModule },
    fetched_before_running: fetched.filter((u) => /\.(js|wasm|css)$/.test(u)),
    gallery_fetched_before_running: fetched.some((u) => u.startsWith('GalleryDialog')),
    /** The machine's 1-minute load average before and after (other work skews the times). */
    load_average: { before: loadBefore, after: Number((loadavg()[0] ?? 0).toFixed(2)) },
  };
  writeFileSync(fileURLToPath(new URL('../../test-results/bench-load.json', import.meta.url)), `${JSON.stringify(row, null, 2)}\n`);
  console.log('\nload benchmark (headless Chromium, production build; written to test-results/bench-load.json)');
  console.log(row);
});
