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
