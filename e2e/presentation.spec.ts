// Presentation mode at a projector's 1920x1080 (issue 37): in the main, Replay and Compare
// views, every HTML text of the side panel, the stage (notes, legend, controls) and the compare
// results is at 18 px or more; the charts' SVG text (axes, legends, notes) is drawn at 16 px or
// more (10-11 px magnified 1.6 times, view/chartScale.ts); node names and schedulers at 16 px or
// more (dense drawings, whose names sit beside small nodes, excepted); the ports' state lines on
// the canvas at 16 px or more. With the mode off the same text is smaller (the mode changes it).
import { expect, test } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { PlaygroundPage } from './pages/playground';
import { textSizes, type TextSizes } from './support/textSizes';

async function sizesBothWays(app: PlaygroundPage): Promise<{ off: TextSizes; on: TextSizes }> {
  const button = app.page.getByTestId('presentation');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  const off = await textSizes(app.page);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  // The charts take their new size (and magnification) on the next resize report.
  await expect.poll(async () => (await textSizes(app.page)).charts.min).toBeGreaterThanOrEqual(16);
  return { off, on: await textSizes(app.page) };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
});

test('main view: panels, legend, charts, names and WFQ\'s state lines are sized for a projector', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('fq/wfq-equal-weights', 400_000_000);
  await app.tab('results');
  const offState = (await app.drawn()).stateText;
  const { off, on } = await sizesBothWays(app);
  expect(off.side.min).toBeLessThan(18);
  for (const part of [on.side, on.stage]) {
    expect(part.count).toBeGreaterThan(10);
    expect(part.min).toBeGreaterThanOrEqual(18);
  }
  expect(on.charts.count).toBeGreaterThan(10);
  expect(off.charts.max).toBeLessThan(16);
  expect(on.charts.min).toBeGreaterThanOrEqual(16);
  // Names ("a", "r") and the scheduler under r.
  expect(on.labels.min).toBeGreaterThanOrEqual(16);
  expect(on.labels.min).toBeGreaterThan(off.labels.min);
  // WFQ's "virtual time V" and "queues backlogged" lines beside r's queue.
  const onState = (await app.drawn()).stateText;
  expect(offState).toBeGreaterThan(0);
  expect(onState).toBeGreaterThanOrEqual(16);
  expect(app.consoleErrors).toEqual([]);
});

test('replay view: the Replay tab\'s table, list and ratio chart are sized for a projector', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('ups/default-random');
  await app.recordReplay('lstf');
  const { off, on } = await sizesBothWays(app);
  expect(off.side.min).toBeLessThan(18);
  expect(on.side.count).toBeGreaterThan(20);
  expect(on.side.min).toBeGreaterThanOrEqual(18);
  expect(on.stage.min).toBeGreaterThanOrEqual(18);
  // The ratio CDF (replay / original queueing delay).
  expect(on.charts.count).toBeGreaterThan(5);
  expect(on.charts.min).toBeGreaterThanOrEqual(16);
  await expect(page.getByTestId('side-by-side')).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});

test('compare view: the panels\' names, the Compare tab and the results board are sized for a projector', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'compare/web-search');
  await compare.run();
  const { off, on } = await sizesBothWays(app);
  expect(off.results.min).toBeLessThan(18);
  for (const part of [on.side, on.stage, on.results]) {
    expect(part.count).toBeGreaterThan(10);
    expect(part.min).toBeGreaterThanOrEqual(18);
  }
  expect(on.charts.count).toBeGreaterThan(20);
  expect(on.charts.min).toBeGreaterThanOrEqual(16);
  expect(on.labels.min).toBeGreaterThanOrEqual(16);
  expect(app.consoleErrors).toEqual([]);
});
