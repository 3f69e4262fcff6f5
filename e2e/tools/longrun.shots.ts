// A long run (issue 38): UPS Table 1's default row at the paper's scale, run from Examples…;
// prints how long the main thread was blocked (long tasks) and when, against the run's
// progress, and takes screenshots while it runs. PROFILE=1 also writes a CPU profile's top
// functions. Not a test: npx playwright test -c playwright.tools.config.ts longrun.shots
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { PlaygroundPage } from '../pages/playground';

const dir = process.env.SHOTS_DIR ?? 'test-results/longrun';

test('UPS Table 1 at the paper scale: progress, responsiveness, results preparation', async ({ page }) => {
  test.setTimeout(600_000);
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await new PlaygroundPage(page).open();
  await page.evaluate(() => {
    const w = window as unknown as { __long: { start: number; dur: number }[] };
    w.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push({ start: e.startTime, dur: e.duration }); }).observe({ type: 'longtask', buffered: false });
  });
  const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 1000 }); await cdp.send('Profiler.start'); }
  const t0 = Date.now();
  if (process.env.DURATION) {
    // The same row cut short (DURATION=15ms): a large trace in a few seconds.
    const s = JSON.parse(readFileSync('scenarios/reproductions/ups-table1/default.json', 'utf8')) as { duration: string; checks?: unknown };
    s.duration = process.env.DURATION;
    delete s.checks;
    await page.getByTestId('import-file').setInputFiles({ name: 'table1.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(s)) });
  } else {
    await page.getByTestId('examples').click();
    await page.getByTestId('example-reproductions/ups-table1/default').click();
  }
  let shot = 0;
  for (;;) {
    const before = Date.now();
    const s = await page.evaluate(() => ({ state: window.__playground?.runState(), text: document.querySelector('[data-testid=run-progress]')?.textContent ?? '', now: performance.now() }));
    const lag = Date.now() - before;
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${s.state} "${s.text}" (answered in ${lag} ms)`);
    if ([3, 12, 30].includes(shot)) await page.screenshot({ path: `${dir}/running-${shot}.png` });
    shot++;
    if (s.state !== 'running' && shot > 4) break;
    await page.waitForTimeout(process.env.DURATION ? 200 : 1000);
  }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${dir}/done.png` });
  const long = await page.evaluate(() => (window as unknown as { __long: { start: number; dur: number }[] }).__long);
  console.log('long tasks (ms):', long.filter((l) => l.dur > 200).map((l) => `${Math.round(l.dur)}`).join(' '));
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = profile.timeDeltas ?? [];
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    (profile.samples ?? []).forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
    writeFileSync(`${dir}/profile.txt`, top.map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join('\n'));
  }
});
