// Handover benchmark (npm run bench:handover; figures, not a test, no pass/fail): a large run's
// result reaching the page. The simulation, the core's summary and the playback index are built
// in the worker (e2e/long-run.spec.ts checks the page answers within 200 ms through them); then
// the result crosses to the page's thread (its trace, playback index, counts and queue series as
// transferred typed arrays; the rest of the summary structured-cloned) and the page draws it.
// Prints, per run: the page thread's tasks over 40 ms from the result's arrival (from a Chrome
// trace: the message's deserialisation, the render and the charts' layout) and the longest wait
// of a 25 ms timer that clicks the side tab, with the load average (a busy machine stretches them).
// The run: UPS Table 1's default row at the paper's scale cut to 15 ms (about 1.1 M events).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { expect } from '@playwright/test';
import { test } from '../support/app';
import { startClickTicker } from '../support/clickTicker';

const RUNS = 3;
const TABLE1 = 'scenarios/reproductions/ups-table1/default.json';

function table1(duration: string): string {
  const s = JSON.parse(readFileSync(TABLE1, 'utf8')) as { duration: string; checks?: unknown };
  s.duration = duration;
  delete s.checks;
  return JSON.stringify(s);
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }

/** The page thread's tasks over 40 ms, from the first one, each with its biggest parts (ms). */
function tasks(trace: Buffer): string[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const long = onMain.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 40_000);
  const first = long[0]?.ts ?? 0;
  const parts = ['SerializedScriptValueFactory::deserialize', 'RunMicrotasks', 'LocalFrameView::NotifyResizeObservers', 'LocalFrameView::UpdateStyleAndLayout', 'Paint'];
  return long.map((t) => {
    const inside = onMain.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
    const of = parts.map((p) => [p.replace(/^.*::/, ''), inside.filter((e) => e.name === p).reduce((a, e) => a + (e.dur ?? 0), 0)] as const).filter(([, d]) => d > 5_000);
    return `+${((t.ts - first) / 1000).toFixed(0)} ms: ${((t.dur ?? 0) / 1000).toFixed(0)} ms (${of.map(([p, d]) => `${p} ${(d / 1000).toFixed(0)}`).join(', ')})`;
  });
}

test.use({ trace: 'off' });
test('handover: a large run\'s result reaching the page', async ({ app, page, browser }) => {
  test.setTimeout(600_000);
  for (let i = 0; i < RUNS; i++) {
    const before = (await app.handle('runsFinished')) ?? 0;
    await app.importFile(`table1-15ms-${i}.json`, table1('15ms'));
    await page.waitForSelector('[data-testid=run-progress][data-phase=preparing]', { timeout: 300_000 });
    const ticker = await startClickTicker(page);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'v8.execute'] });
    await expect.poll(() => app.handle('runsFinished'), { timeout: 300_000 }).toBeGreaterThan(before);
    await app.waitForRun();
    await page.waitForTimeout(2500);
    const trace = await browser.stopTracing();
    const gaps = await ticker.stop();
    const longest = (phase: string) => Math.max(0, ...gaps.filter((g) => g.phase === phase).map((g) => g.ms)).toFixed(0);
    console.log(`run ${i + 1} (load average ${loadavg()[0]?.toFixed(1)}): longest timer wait ${longest('preparing')} ms preparing, ${longest('done')} ms in the handover`);
    for (const line of tasks(trace)) console.log(`  ${line}`);
  }
});
