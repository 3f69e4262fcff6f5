// Frame-time benchmark (npm run bench:frames; not a test, no pass/fail): a k=4 fat-tree with a
// web-search workload at load 0.9, played in the production build from the first moment with at
// least 500 packets queued (issue 21's target: 30 fps or more there in headless Chromium),
// reporting frame intervals (median, mean, p95), the canvas drawing time, how many packets each
// frame had queued and on the links, and where the main thread's time per frame went (Chromium's
// script, layout and style figures).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { encodeScenarioHash } from '../../web/src/share/link';
import { PlaygroundPage } from '../pages/playground';

/** Link delay sets how many packets are on the links at once (bandwidth x delay). */
const VARIANTS = [
  { delay: '20us', load: 0.9 },
  { delay: '50us', load: 0.9 },
  { delay: '100us', load: 0.9 },
];
const SECONDS = 4;
/** Packets queued on screen at the start of the measurement, at least (issue 21). */
const QUEUED_TARGET = 500;
/** Positions tried to find it. */
const SCAN = 40;

function scenario(delay: string, load: number): string {
  return JSON.stringify({
    format: 'scheduler-playground/scenario', version: 1,
    name: `Fat-tree k=4, ${delay} links, web search at ${load}`,
    seed: 1, duration: '4ms',
    topology: { preset: 'fat_tree', params: { k: 4, delay } },
    traffic: [{ kind: 'workload', id: 'w', load, sizes: { dist: 'web_search' } }],
  });
}

interface Sample { dt: number; inFlight: number; queued: number; cells: number; drawMs: number }

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f1 = (x: number) => x.toFixed(1);

const report: Record<string, unknown>[] = [];

for (const { delay, load } of VARIANTS) {
  test(`frames: fat-tree k=4, ${delay} links, load ${load}`, async ({ page }) => {
    const app = await new PlaygroundPage(page).open(encodeScenarioHash(scenario(delay, load)));
    await app.pause();
    // Start at the first position with QUEUED_TARGET packets queued (the queues grow from there
    // to the end of the run), else where the most are queued.
    const end = Number(await app.scrub.getAttribute('max'));
    let start = { t: 0, queued: -1 };
    for (let i = 1; i < SCAN; i++) {
      const t = Math.round((end * i) / SCAN);
      await app.scrub.fill(String(t));
      const queued = (await app.handle('drawn'))?.queued ?? 0;
      if (queued > start.queued && start.queued < QUEUED_TARGET) start = { t, queued };
    }
    await app.scrub.fill(String(start.t));
    await app.setSpeed(await app.speed.locator('option').first().innerText()); // slowest: the busy part lasts
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    await app.play();
    const before = await metrics();
    const samples = await page.evaluate(async (seconds) => {
      const out: Sample[] = [];
      let last = performance.now();
      const until = last + seconds * 1000;
      await new Promise<void>((resolve) => {
        const frame = (now: number) => {
          const d = window.__playground?.drawn();
          out.push({ dt: now - last, inFlight: d?.inFlight ?? 0, queued: d?.queued ?? 0, cells: d?.queues.reduce((n, q) => n + q.packets.length, 0) ?? 0, drawMs: d?.drawMs ?? 0 });
          last = now;
          if (now < until) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      });
      return out.slice(2);
    }, SECONDS);
    const after = await metrics();
    /** Main-thread milliseconds per frame in one of Chromium's Performance metrics (seconds). */
    const perFrame = (name: string) => f1((((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / Math.max(1, samples.length + 2));
    const dts = samples.map((s) => s.dt);
    const queued = samples.map((s) => s.queued);
    const row = {
      variant: `${delay} links, load ${load}`,
      frames: samples.length,
      fps: Number((1000 / mean(dts)).toFixed(1)),
      frame_ms: { median: f1(pct(dts, 0.5)), mean: f1(mean(dts)), p95: f1(pct(dts, 0.95)), p99: f1(pct(dts, 0.99)), max: f1(Math.max(...dts)) },
      /** Packets queued at the ports on screen (a long queue's column draws its head and a count). */
      queued_per_frame: { min: Math.min(...queued), mean: Math.round(mean(queued)), max: Math.max(...queued), target: QUEUED_TARGET },
      queue_cells_per_frame: Math.round(mean(samples.map((s) => s.cells))),
      on_links_per_frame: { mean: Math.round(mean(samples.map((s) => s.inFlight))), max: Math.max(...samples.map((s) => s.inFlight)) },
      canvas_draw_ms: { mean: f1(mean(samples.map((s) => s.drawMs))), p95: f1(pct(samples.map((s) => s.drawMs), 0.95)) },
      /** Chromium's main thread per frame: all its tasks, of which script, layout and style. */
      main_thread_ms_per_frame: { tasks: perFrame('TaskDuration'), script: perFrame('ScriptDuration'), layout: perFrame('LayoutDuration'), style: perFrame('RecalcStyleDuration') },
      trace_events: (await app.handle('traceExtent'))?.events ?? 0,
      /** The machine's 1-minute load average when the measurement ended (other work skews frame times). */
      load_average: Number((loadavg()[0] ?? 0).toFixed(2)),
    };
    report.push(row);
    console.log(JSON.stringify(row));
  });
}

test.afterAll(() => {
  const path = fileURLToPath(new URL('../../test-results/bench-frames.json', import.meta.url));
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nframe benchmark (headless Chromium, ${SECONDS} s of playback each; written to test-results/bench-frames.json)`);
  for (const r of report) console.log(r);
});
