// The guided tour: it opens on a browser's first visit, walks through what the page shows,
// closes with Skip (or Esc) and then stays closed across reloads; "?" brings it back.
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';

test('the tour opens on the first visit, steps through the page, and "?" brings it back after it is dismissed', async ({ page }) => {
  const app = new PlaygroundPage(page);
  await page.goto('/');
  await app.waitForRun();
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible();
  await expect(page.getByTestId('tour-title')).toContainText('1 of 6 · The network');
  await expect(page.getByTestId('topology')).toHaveClass(/tour-target/);
  for (const title of ['Queues and keys', 'The timeline', 'Run', 'Share', 'Results, replay, compare and sweep']) {
    await page.getByTestId('tour-next').click();
    await expect(page.getByTestId('tour-title')).toContainText(title);
  }
  await expect(page.getByTestId('share')).not.toHaveClass(/tour-target/);
  await expect(page.getByTestId('tab-results')).toHaveClass(/tour-target/);
  await page.getByTestId('tour-back').click();
  await expect(page.getByTestId('share')).toHaveClass(/tour-target/);
  await page.getByTestId('tour-skip').click();
  await expect(tour).toHaveCount(0);
  await expect(page.getByTestId('share')).not.toHaveClass(/tour-target/);

  // Dismissed once, it stays closed (the preference is saved a moment after the change).
  await page.waitForTimeout(600);
  await page.reload();
  await app.waitForRun();
  await expect(tour).toHaveCount(0);

  // "?" → Take the tour; Esc closes it.
  await page.getByTestId('help').click();
  await page.getByTestId('start-tour').click();
  await expect(page.getByTestId('help-dialog')).toHaveCount(0);
  await expect(tour).toBeVisible();
  await expect(page.getByTestId('tour-title')).toContainText('1 of 6');
  await page.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('a shared link opened on a first visit shows its scenario without the tour; the next visit without a link gets it', async ({ page, browser }) => {
  const app = await new PlaygroundPage(page).open();
  await app.node('r1').click(); // the Inspect tab; Escape clears the selection: the scenario form
  await page.keyboard.press('Escape');
  await app.fill('seed', '9');
  await app.run();
  const link = await app.share();

  const fresh = await browser.newContext(); // a first visit: nothing stored
  const other = new PlaygroundPage(await fresh.newPage());
  await other.page.goto(link);
  await other.waitForRun();
  expect(await other.handle('dialog')).not.toBe('tour');
  await expect(other.page.getByTestId('tour')).toHaveCount(0);
  expect((await other.draft<{ seed: number }>()).seed).toBe(9);
  await other.page.goto('/');
  await other.waitForRun();
  await expect(other.page.getByTestId('tour')).toBeVisible();
  expect(other.consoleErrors).toEqual([]);
  await fresh.close();
});
