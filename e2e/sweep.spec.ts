// The Sweep tab: the default scenario's load sweep drawn as a chart, each job's trace hash the
// CLI's (the sweep file's committed job hashes), exports, cancel, errors and the share link.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';

test.describe.configure({ timeout: 180_000 });

/** scenarios/sweeps/default-load.sweep.golden: job index -> trace hash (native, `cargo test`). */
function goldens(): string[] {
  const text = readFileSync(fileURLToPath(new URL('../scenarios/sweeps/default-load.sweep.golden', import.meta.url)), 'utf8');
  return text.trim().split('\n').map((l) => l.split(' ')[2] ?? '');
}

async function openSweep(page: Page): Promise<PlaygroundPage> {
  const app = await new PlaygroundPage(page).open();
  await page.getByTestId('tab-sweep').click();
  await expect(page.getByTestId('sweep-tab')).toBeVisible();
  return app;
}

/** Runs the tab's sweep and waits for its own result: the done line names the parameter swept (a
 * previous run's line may still be on screen when the run starts). */
async function runSweep(page: Page, param: string): Promise<number> {
  const t0 = Date.now();
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-done')).toContainText(`${param}: `, { timeout: 150_000 });
  return (Date.now() - t0) / 1000;
}

test('the default scenario\'s load sweep: 5 rates x FIFO and FQ x 3 seeds, charted with bands, each job the CLI\'s', async ({ page }) => {
  const app = await openSweep(page);
  await expect(page.getByTestId('sweep-param')).toHaveValue('traffic[0].rate');
  await expect(page.getByTestId('sweep-values')).toHaveValue('2Mbps, 3Mbps, 4Mbps, 5Mbps, 6Mbps');
  const seconds = await runSweep(page, 'traffic[0].rate');
  console.log(`default load sweep (30 runs) to its chart: ${seconds.toFixed(1)} s wall`);
  await expect(page.getByTestId('sweep-done')).toContainText('30 runs');
  const chart = page.getByTestId('sweep-chart');
  await expect(chart.getByTestId('sweep-line')).toHaveCount(2);
  await expect(chart.getByTestId('sweep-band')).toHaveCount(2);
  await expect(chart.locator('circle')).toHaveCount(10);
  await page.getByTestId('sweep-metric').selectOption('drop_fraction');
  await expect(page.getByTestId('card-sweep')).toContainText('fraction of packets dropped');

  // The sweep file's grid (h2's rate 1 to 5 Mbps): every job's hash is the one `cargo test` commits.
  await page.getByTestId('sweep-param').selectOption('traffic[1].rate');
  await page.getByTestId('sweep-values').fill('1Mbps, 2Mbps, 3Mbps, 4Mbps, 5Mbps');
  await runSweep(page, 'traffic[1].rate');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-csv').click()]);
  const rows = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(rows[0]).toBe('traffic[1].rate,scheduler,seed,trace_hash,fct_mean_ns,fct_p99_ns,slowdown_mean,delay_mean_ns,delay_p99_ns,drop_fraction,throughput_bps,jain_mean');
  expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual(goldens());
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg-sweep').click()]);
  expect(await readFile(await svg.path(), 'utf8')).toContain('sweep-line');
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png-sweep').click()]);
  expect(png.suggestedFilename()).toMatch(/sweep\.png$/);
  expect(app.consoleErrors).toEqual([]);
});

/** A sweep file with its base written in, as `sched-cli sweep FILE --inline` prints it. */
function inlined(file: string, change: (spec: Record<string, unknown>) => void = () => undefined): string {
  const url = new URL(`../scenarios/${file}`, import.meta.url);
  const spec = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, unknown>;
  spec.base = JSON.parse(readFileSync(fileURLToPath(new URL(String(spec.base), url)), 'utf8')) as unknown;
  change(spec);
  return JSON.stringify(spec);
}

test('a sweep file opens and runs: its first axis across, a line per value of its second', async ({ page }) => {
  await openSweep(page);
  await page.getByTestId('sweep-file').setInputFiles({ name: 'default-load.sweep.json', mimeType: 'application/json', buffer: Buffer.from(inlined('sweeps/default-load.sweep.json')) });
  await expect(page.getByTestId('sweep-done')).toContainText('default-load.sweep.json: 30 runs', { timeout: 120_000 });
  await expect(page.getByTestId('sweep-chart').getByTestId('sweep-line')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-csv').click()]);
  const rows = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(rows[0]).toBe('h2 rate,scheduler,seed,trace_hash,delay_mean_ns,delay_p99_ns,drop_fraction,throughput_bps,bottleneck_utilization');
  expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual(goldens());
  // A base named by path cannot be read here: the message says how to write it in.
  const raw = readFileSync(fileURLToPath(new URL('../scenarios/sweeps/default-load.sweep.json', import.meta.url)));
  await page.getByTestId('sweep-file').setInputFiles({ name: 'raw.sweep.json', mimeType: 'application/json', buffer: raw });
  await expect(page.getByTestId('sweep-error')).toContainText('--inline');
});

test('a bad value names the sweep field; cancel stops the workers', async ({ page }) => {
  await openSweep(page);
  await page.getByTestId('sweep-values').fill('2Mbps, fast');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-error')).toContainText('axes[0].values[1]');
  await page.getByTestId('sweep-values').fill('2Mbps, 3Mbps, 4Mbps, 5Mbps, 6Mbps, 7Mbps, 8Mbps, 9Mbps');
  await page.getByTestId('sweep-seeds').fill('10');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toBeVisible();
  await page.getByTestId('sweep-cancel').click();
  await expect(page.getByTestId('sweep-run')).toBeVisible();
  await expect(page.getByTestId('sweep-done')).toHaveCount(0);
});

test('a sweep\'s share link opens the Sweep tab and runs it', async ({ page, browser }) => {
  await openSweep(page);
  await page.getByTestId('sweep-values').fill('2Mbps, 6Mbps');
  await page.getByTestId('sweep-seeds').fill('2');
  await runSweep(page, 'traffic[0].rate');
  await page.getByTestId('sweep-share').click();
  const link = await page.getByTestId('sweep-link').inputValue();
  expect(link).toContain('#v3.');
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.getByTestId('sweep-done')).toContainText('8 runs', { timeout: 60_000 });
  await expect(other.getByTestId('sweep-values')).toHaveValue('2Mbps, 6Mbps');
  await expect(other.getByTestId('sweep-chart').getByTestId('sweep-line')).toHaveCount(2);
  await other.close();
});
