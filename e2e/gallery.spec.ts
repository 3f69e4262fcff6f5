// The gallery as a teacher uses it (issue 37): a search box that narrows 90-odd examples by name,
// description, group or scheduler, from the keyboard (typed into at once, Enter opens the first
// match), says so when nothing matches, and every description readable in full ("More").
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';

test('search: typed at once, narrows by description and scheduler, "no example matches", Enter opens the first', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await page.getByTestId('examples').click();
  const gallery = page.getByTestId('gallery');
  const search = page.getByTestId('gallery-search');
  await expect(search).toBeFocused();
  const items = gallery.locator('button.gallery-item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(50);

  // Words from LSTFCoDel's description (past its first two lines).
  await page.keyboard.type('epsilon gamma');
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('example-aqm/lstf-codel')).toBeVisible();
  // A scheduler's registry name: only files that run it.
  await search.fill('wf2q_plus');
  await expect(page.getByTestId('example-fq/wf2q-plus-burst')).toBeVisible();
  expect(await items.count()).toBeLessThan(10);
  await search.fill('no such scheduler anywhere');
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId('gallery-none')).toContainText('No example matches');
  await search.fill('');
  await expect(items).toHaveCount(all);

  // Down moves into the list; Enter in the box opens the first match.
  await search.fill('drr fairness');
  await search.press('ArrowDown');
  await expect(page.getByTestId('example-fq/drr-fairness')).toBeFocused();
  await search.focus();
  const before = (await app.handle('runsFinished')) ?? 0;
  await search.press('Enter');
  await expect(gallery).toHaveCount(0);
  await expect.poll(() => app.handle('runsFinished'), { timeout: 60_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('scenario-name')).toContainText(/DRR/);
  expect(app.consoleErrors).toEqual([]);
});

test('a long description opens in full with More and folds back with Less', async ({ page }) => {
  await new PlaygroundPage(page).open();
  await page.getByTestId('examples').click();
  await page.getByTestId('gallery-search').fill('lstfcodel');
  const desc = page.getByTestId('example-aqm/lstf-codel-desc');
  const more = page.getByTestId('example-aqm/lstf-codel-more');
  // Cut to two lines: the text is taller than the box.
  const cut = await desc.evaluate((el) => el.scrollHeight > el.clientHeight + 2);
  expect(cut).toBe(true);
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(more).toHaveText(/Less/);
  expect(await desc.evaluate((el) => el.scrollHeight <= el.clientHeight + 2)).toBe(true);
  await expect(desc).toContainText(/epsilon/);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
});
