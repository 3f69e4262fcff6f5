// Hostile links in the page (issue 42): a link is checked once per Run, in the worker, with
// Cancel; a link that fails or is cancelled has left the address bar, so a reload opens the
// draft, not the link.
import { expect, type Page } from '@playwright/test';
import { encodeScenarioHash } from '../web/src/share/link';
import type { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

/**
 * A short link slow to check: a 2,624-server leaf-spine (about the largest the page opens: its
 * editable form, nodes and links written out, is just under the page's 1 MiB) with a uniform
 * workload, whose calibration visits every destination from every host: about 2 s of CPU to
 * check in wasm (under Node). Its run is short (10 us).
 */
const SLOW = {
  format: 'scheduler-playground/scenario', version: 1, name: 'slow to check', seed: 1, duration: '10us',
  topology: { preset: 'leaf_spine', params: { leaves: 64, spines: 32, servers: 2624 } },
  traffic: [{ kind: 'workload', id: 'w', load: 0.01, sizes: { dist: 'web_search' } }],
};
const slowLink = encodeScenarioHash(JSON.stringify(SLOW));
/** The same at a size that draws quickly. */
const smallLink = encodeScenarioHash(JSON.stringify({ ...SLOW, name: 'small', topology: { preset: 'leaf_spine', params: { leaves: 4, spines: 2, servers: 16 } } }));

/** Opens a link in the page already open, as pasting it in the address bar does. */
async function paste(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => { window.location.hash = h; }, hash);
}

const phases = (app: PlaygroundPage) => app.handle('runPhases').then((p) => p ?? []);

test('a link is checked once per Run: its Run takes the run the check started', async ({ app, page }) => {
  const before = (await phases(app)).length;
  const finished = (await app.handle('runsFinished')) ?? 0;
  await paste(page, smallLink);
  await expect.poll(() => app.handle('runsFinished'), { timeout: 60_000 }).toBe(finished + 1);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  // One check (the link's), then the run without another.
  const opened = (await phases(app)).slice(before);
  expect(opened.filter((p) => p === 'checking')).toEqual(['checking']);
  expect(opened[0]).toBe('checking');
  expect(opened).toContain('simulating');

  // Run again: the run checks the draft itself, once.
  await app.runButton.click();
  await expect.poll(() => app.handle('runsFinished'), { timeout: 60_000 }).toBe(finished + 2);
  const rerun = (await phases(app)).slice(before + opened.length);
  expect(rerun.filter((p) => p === 'checking')).toEqual(['checking']);
});

test('Cancel stops a link being checked: the draft stays, the link has left the address bar, a reload opens the draft', async ({ app, page }) => {
  const draft = await app.handle('draft');
  await paste(page, slowLink);
  const progress = page.getByTestId('run-progress');
  await expect(progress).toHaveAttribute('data-phase', 'checking');
  await expect(progress).toContainText('Checking the scenario');
  await page.getByTestId('cancel').click();
  await expect(app.notice).toHaveText('Opening the share link was cancelled while its scenario was checked. Showing your draft instead.');
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  expect(await app.handle('draft')).toEqual(draft);
  await expect(app.topology.locator('.node')).toHaveCount(5);

  // The worker was restarted: the page still runs.
  await app.runButton.click();
  await app.waitForRun();

  await page.reload();
  await app.waitForRun();
  expect(await app.handle('draft')).toEqual(draft);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  expect(app.consoleErrors).toEqual([]);
});

test('a link that fails has left the address bar: a reload opens the draft without the error', async ({ app, page }) => {
  const bad = encodeScenarioHash(JSON.stringify({ ...SLOW, duration: 'forever' }));
  await paste(page, bad);
  await expect(app.errorMessage).toContainText('duration');
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  await page.reload();
  await app.waitForRun();
  await expect(app.errorMessage).toHaveCount(0);
  await expect(app.topology.locator('.node')).toHaveCount(5);
});
