// The module split (issue 41): the page runs the default scenario on the worker's first wasm
// module while the full one has not arrived, and a scenario that needs the full module waits
// for it, then runs. The full module's response is held back by Playwright's routing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Route } from '@playwright/test';
import { encodeScenarioHash } from '../web/src/share/link';
import { PlaygroundPage } from './pages/playground';
import { goldens } from './support/goldens';

const FULL_MODULE = /\/sched_wasm_bg-[^/]*\.wasm$/;

/** Holds the full module's response until `release` is called; `requested` resolves when the worker asks for it. */
async function holdFullModule(page: Page): Promise<{ requested: Promise<void>; release: () => void; released: () => boolean }> {
  let released = false;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let asked: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(FULL_MODULE, async (route: Route) => {
    asked();
    await gate;
    await route.continue();
  });
  const release = () => {
    released = true;
    open();
  };
  return { requested, release, released: () => released };
}

test('the default scenario runs on the first module before the full module has arrived', async ({ page }) => {
  const full = await holdFullModule(page);
  const app = new PlaygroundPage(page);
  await page.goto('/');
  await app.waitForRun();
  // The default's trace hash, as natively (scenarios/default.golden), with the full module held back.
  await expect(app.traceHash).toHaveText(goldens('default').run);
  expect(full.released()).toBe(false);
  expect(await app.isPlaying()).toBe(true);
  // Until the full module's registry arrives, the inspector says the scheduler list is loading.
  await app.dismissTour();
  await app.inspectNode('r1');
  const loading = page.getByTestId('scheduler-topology.nodes[3].scheduler').getByTestId('schedulers-loading');
  await expect(loading).toBeVisible();
  // The worker asks for the full module once the first run is over; then the catalogs (the
  // full module's registry) arrive, the inspector's scheduler menu lists them all, and a run
  // with one the first module lacks goes to the full module.
  await full.requested;
  full.release();
  const scheduler = app.field('topology.nodes[3].scheduler');
  await expect(scheduler.locator('option[value="lstf"]')).toHaveCount(1);
  await expect(loading).toHaveCount(0);
  await app.choose('topology.nodes[3].scheduler', 'lstf');
  await app.run();
  await expect(app.traceHash).toHaveText(/^[0-9a-f]{32}$/);
  await expect(app.traceHash).not.toHaveText(goldens('default').run);
  await expect(app.errorMessage).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('a scenario that needs the full module waits for it, then runs', async ({ page }) => {
  const text = readFileSync(fileURLToPath(new URL('../scenarios/fq/wfq-equal-weights.json', import.meta.url)), 'utf8');
  const full = await holdFullModule(page);
  const app = new PlaygroundPage(page);
  await page.goto(`/${encodeScenarioHash(text)}`);
  await full.requested;
  // Nothing runs on the first module for it: no run while the full module is held back.
  await page.waitForTimeout(1000);
  expect(await app.handle('runState')).not.toBe('done');
  await expect(app.errorMessage).toHaveCount(0);
  full.release();
  await app.waitForRun();
  await expect(app.traceHash).toHaveText(goldens('fq/wfq-equal-weights').run);
  expect(app.consoleErrors).toEqual([]);
});
