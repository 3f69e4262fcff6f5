// Parts of the page loaded on demand (web/src/components/lazy.tsx, Part.tsx; issue 41): a part
// whose chunk cannot be fetched shows why, with Try again, and the rest of the page (the drawing,
// the run, the scenario) stays; once the chunk can be fetched, Try again loads it.
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';

test('a part whose chunk fails to load shows an error and keeps the scenario; Try again loads it', async ({ page }) => {
  // The Inspector's chunk fails (as offline, or after a deploy renamed it) until let through.
  let fail = true;
  await page.route(/\/Inspector-[^/]*\.js$/, (route) => (fail ? route.abort('failed') : route.continue()));
  const app = await new PlaygroundPage(page).open();
  await expect(app.traceHash).toHaveText(/^[0-9a-f]{32}$/);
  const hash = await app.traceHash.textContent();
  await page.getByTestId('tab-inspect').click();
  const error = page.locator('#pane-inspect').getByTestId('part-error');
  await expect(error).toContainText('The Inspector could not be loaded');
  await expect(error).toContainText('Your scenario is kept.');
  // The rest of the page is there: the drawing, the run and its figures.
  await expect(page.locator('.stage svg').first()).toBeVisible();
  await page.getByTestId('tab-results').click();
  await expect(app.traceHash).toHaveText(hash ?? '');
  fail = false;
  await page.getByTestId('tab-inspect').click();
  await page.locator('#pane-inspect').getByTestId('part-retry').click();
  await expect(page.locator('#pane-inspect').getByTestId('part-error')).toHaveCount(0);
  await expect(page.getByTestId('scenario-form')).toBeVisible();
  expect(app.consoleErrors.filter((e) => !/Inspector|Failed to fetch|ERR_FAILED|could not be shown|dynamically imported/i.test(e))).toEqual([]);
});
