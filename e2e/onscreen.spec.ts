// What is on screen is what the page shares and counts: a preset comes with traffic, a run
// without traffic says so, Share offers the run on screen (and the edited draft apart), and
// the totals follow the playhead (zero at t = 0, the end-of-run figures beside them).
import { expect } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

test('a preset comes with a workload for its topology; a scenario without traffic does not run and says so', async ({ app, page }) => {
  await app.pause();
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-name').selectOption('leaf_spine');
  await page.getByTestId('load-preset').click();
  // The default scenario's flows run between h1, h2, h3 and dst: leaf-spine's hosts are h0_0 ...
  await expect(app.notice).toContainText('Loaded leaf_spine. Removed traffic whose hosts it does not have');
  await expect(app.notice).toContainText('It comes with web-search flows over TCP between its hosts at 50% load, for 5ms');
  const draft = await app.draft<{ duration: string; traffic: { kind: string; transport: string; load: number }[] }>();
  expect(draft.traffic).toEqual([expect.objectContaining({ kind: 'workload', transport: 'tcp', load: 0.5 })]);
  expect(draft.duration).toBe('5ms');
  await app.run();
  expect(await app.handle('flowIds')).not.toHaveLength(0);

  // Delete the workload: Run says there is nothing to run and opens the Traffic tab.
  await app.tab('traffic');
  await page.getByTestId('delete-traffic-web').click();
  const before = await app.handle('runsFinished');
  await app.runButton.click();
  await expect(app.notice).toContainText('Nothing to run: this scenario has no traffic');
  await expect(page.getByTestId('tab-traffic')).toHaveAttribute('aria-selected', 'true');
  expect(await app.handle('runsFinished')).toBe(before);
});

test('Share shares the run on screen; after an edit it offers the run and the draft apart', async ({ page, context }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  const hash = await app.traceHash.textContent();
  const link = await app.share();
  await expect(page.getByTestId('share-draft')).toHaveCount(0);

  // Edit without running: the share box gives the run on screen, and the draft apart.
  await app.tab('inspect');
  await app.fill('duration', '150ms');
  await app.shareButton.click();
  await expect(page.getByTestId('share-link')).toHaveValue(link);
  await expect(page.getByTestId('share-box')).toContainText(`trace hash ${hash?.slice(0, 12) ?? ''}`);
  await expect(page.getByTestId('share-draft')).toContainText('You edited the scenario since this run');
  const draftLink = await page.getByTestId('share-link-draft').inputValue();
  expect(draftLink).not.toBe(link);

  // Opened elsewhere: the first link shows the same run (same hash); the draft's another.
  const other = await new PlaygroundPage(await context.newPage()).open(link);
  await expect(other.traceHash).toHaveText(hash ?? '');
  const third = await new PlaygroundPage(await context.newPage()).open(draftLink);
  await expect(third.traceHash).not.toHaveText(hash ?? '');
  expect((await third.draft<{ duration: string }>()).duration).toBe('150ms');
  expect(app.consoleErrors).toEqual([]);
});

test('the totals and per-flow counts follow the playhead: zero at t = 0, the end-of-run figures beside', async ({ browser }) => {
  // Reduced motion: the run opens paused at t = 0, before its first event.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const app = await new PlaygroundPage(page).open();
  expect(await app.playhead()).toBe(0);
  for (const id of ['sent', 'delivered', 'dropped']) await expect(page.getByTestId(`total-${id}`)).toHaveText('0');
  const endSent = (await page.getByTestId('total-sent-end').textContent()) ?? '';
  expect(endSent).toMatch(/^of [1-9][\d,]* at the end$/);
  // Half way: some sent, fewer than at the end.
  const end = (await app.handle('traceExtent'))?.endNs ?? 0;
  await app.seek(end / 2);
  const half = Number((await page.getByTestId('total-sent').textContent())?.replace(/,/g, ''));
  const final = Number(endSent.replace(/[^\d]/g, ''));
  expect(half).toBeGreaterThan(0);
  expect(half).toBeLessThan(final);
  // At the end the counts are the run's totals (the default scenario's trace is whole).
  await page.keyboard.press('End');
  for (const id of ['sent', 'delivered', 'dropped']) {
    const finalText = ((await page.getByTestId(`total-${id}-end`).textContent()) ?? '').replace(/^of | at the end$/g, '');
    await expect(page.getByTestId(`total-${id}`)).toHaveText(finalText);
  }
  // Per flow too: the first flow's row reads "n / n" at the end (sent, delivered, dropped; the
  // last two cells, packets out of order at the receiver and the mean delay, are end-of-run
  // figures only).
  const id = ((await app.handle('flowIds')) ?? [])[0] ?? '';
  const cells = await page.getByTestId(`flow-row-${id}`).locator('td').allTextContents();
  expect(cells).toHaveLength(6);
  for (const c of cells.slice(1, 4)) {
    const [now, atEnd] = c.split(' / ');
    expect(now).toBe(atEnd);
  }
  expect(app.consoleErrors).toEqual([]);
  await context.close();
});

test('many flows: grouped by workload, size or source in the table and the colours; a search box finds one flow', async ({ app, page }) => {
  await app.openPaused('compare/web-search');
  const ids = (await app.handle('flowIds')) ?? [];
  expect(ids.length).toBeGreaterThan(8);
  // Grouped by workload: one row per workload, its flow count beside.
  const workloads = new Set(ids.map((id) => id.split('#')[0]));
  await expect(page.getByTestId('flow-results').locator('tbody tr')).toHaveCount(workloads.size);
  // By size: the core's five buckets (fct.by_size, labelled as the core labels them) at most,
  // plus open-ended flows; all flows counted once.
  await page.getByTestId('flow-group-by').selectOption('size');
  const rows = await page.getByTestId('flow-results').locator('tbody tr td:first-child').allTextContents();
  expect(rows.length).toBeLessThanOrEqual(6);
  const labels = (await app.handle('sizeBucketLabels')) ?? [];
  expect(labels).toHaveLength(5);
  for (const r of rows) expect([...labels, 'open-ended']).toContain(r.replace(/\s*\([\d,]+\)$/, '').trim());
  expect(rows.reduce((n, r) => n + Number(/\((\d[\d,]*)\)/.exec(r)?.[1]?.replace(/,/g, '') ?? 0), 0)).toBe(ids.length);
  // The search box finds one flow.
  const one = ids[ids.length - 1] ?? '';
  await page.getByTestId('flow-search').fill(one);
  await expect(page.getByTestId(`flow-row-${one}`)).toBeVisible();
  // Colours by size bucket: the legend names the groups.
  await page.getByTestId('colour-by').selectOption('size');
  await expect(page.locator('[data-testid^="legend-group-"]')).toHaveCount(rows.length);
});
