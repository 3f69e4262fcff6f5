// Frame-time benchmark (npm run bench:frames; not a test, no pass/fail): a k=4 fat-tree with a
// web-search workload, played in the production build, reporting frame intervals, the canvas
// drawing time and how many packets each frame drew. Goal: 60 fps with 2,000 packets on screen.
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

function scenario(delay: string, load: number): string {
  return JSON.stringify({
    format: 'scheduler-playground/scenario', version: 1,
    name: `Fat-tree k=4, ${delay} links, web search at ${load}`,
    seed: 1, duration: '4ms',
    topology: { preset: 'fat_tree', params: { k: 4, delay } },
    traffic: [{ kind: 'workload', id: 'w', load, sizes: { dist: 'web_search' } }],
  });
}

interface Sample { dt: number; inFlight: number; queued: number; drawMs: number }

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
    // Start where the network is busiest: the position with the most packets on links.
    let best = { t: 0, n: -1 };
    const end = Number(await app.scrub.getAttribute('max'));
    for (let i = 1; i < 20; i++) {
      const t = Math.round((end * i) / 20);
      await app.scrub.fill(String(t));
      const n = (await app.handle('drawn'))?.inFlight ?? 0;
      if (n > best.n) best = { t, n };
    }
    await app.scrub.fill(String(Math.max(0, best.t - end / 40)));
    await app.setSpeed(await app.speed.locator('option').first().innerText()); // slowest: the busy part lasts
    await app.play();
    const samples = await page.evaluate(async (seconds) => {
      const out: Sample[] = [];
      let last = performance.now();
      const until = last + seconds * 1000;
      await new Promise<void>((resolve) => {
        const frame = (now: number) => {
          const d = window.__playground?.drawn();
          out.push({ dt: now - last, inFlight: d?.inFlight ?? 0, queued: d?.queues.reduce((n, q) => n + q.packets.length, 0) ?? 0, drawMs: d?.drawMs ?? 0 });
          last = now;
          if (now < until) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      });
      return out.slice(2);
    }, SECONDS);
    const dts = samples.map((s) => s.dt);
    const drawn = samples.map((s) => s.inFlight + s.queued);
    const row = {
      variant: `${delay} links, load ${load}`,
      frames: samples.length,
      fps: Number((1000 / mean(dts)).toFixed(1)),
      frame_ms: { mean: f1(mean(dts)), p50: f1(pct(dts, 0.5)), p95: f1(pct(dts, 0.95)), p99: f1(pct(dts, 0.99)), max: f1(Math.max(...dts)) },
      canvas_draw_ms: { mean: f1(mean(samples.map((s) => s.drawMs))), p95: f1(pct(samples.map((s) => s.drawMs), 0.95)) },
      packets_per_frame: { mean: Math.round(mean(drawn)), min: Math.min(...drawn), max: Math.max(...drawn) },
      on_links_per_frame: { mean: Math.round(mean(samples.map((s) => s.inFlight))), max: Math.max(...samples.map((s) => s.inFlight)) },
      trace_events: (await app.handle('trace'))?.time.length ?? 0,
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
