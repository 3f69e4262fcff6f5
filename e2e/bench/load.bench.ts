// Load benchmark (npm run bench:load; figures, not a test, no pass/fail): how soon the production
// page shows the default scenario running in headless Chromium, from navigation start to the first
// animation frame with its run done and the playhead moving (issue 20's target: within 1 s on
// this machine), cold (a fresh browser context, empty cache) and warm (reloads); and what it
// fetched by then: the examples gallery's index and files are chunks of their own, fetched only
// when Examples… is opened. Sizes of the files themselves: npm run bench:size.
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
  let fetched: string[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname.replace(/^.*\//, '')));
    await page.goto('/', { waitUntil: 'commit' });
    cold.push(await untilRunning(page));
    if (i === 0) fetched = [...urls];
    await page.reload({ waitUntil: 'commit' });
    warm.push(await untilRunning(page));
    await context.close();
  }
  const row = {
    loads: LOADS,
    cold_ms: { median: Math.round(median(cold)), max: Math.round(Math.max(...cold)), all: cold.map(Math.round) },
    warm_ms: { median: Math.round(median(warm)), max: Math.round(Math.max(...warm)), all: warm.map(Math.round) },
    target_ms: 1000,
    fetched_before_running: fetched.filter((u) => /\.(js|wasm|css)$/.test(u)),
    gallery_fetched_before_running: fetched.some((u) => u.startsWith('GalleryDialog')),
    /** The machine's 1-minute load average at the end (other work skews the times). */
    load_average: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
  writeFileSync(fileURLToPath(new URL('../../test-results/bench-load.json', import.meta.url)), `${JSON.stringify(row, null, 2)}\n`);
  console.log('\nload benchmark (headless Chromium, production build; written to test-results/bench-load.json)');
  console.log(row);
});
