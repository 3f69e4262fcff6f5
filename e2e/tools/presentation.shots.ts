// Presentation mode at a projector's 1920x1080 (issue 37): each view (main, Replay, Compare)
// shot with the mode off and on, and the computed text sizes printed (npm run screenshots runs
// the other shots; this one: npx playwright test -c playwright.tools.config.ts presentation.shots).
// PNGs go to SHOTS_DIR (default test-results/presentation). Not a test.
import { mkdirSync } from 'node:fs';
import { test } from '@playwright/test';
import { ComparePage } from '../pages/compare';
import { PlaygroundPage } from '../pages/playground';
import { textSizes } from '../support/textSizes';
import type { DrawnFrame } from '../../web/src/view/packetLayer';

const dir = process.env.SHOTS_DIR ?? 'test-results/presentation';

async function shoot(app: PlaygroundPage, view: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const on of [false, true]) {
    if ((await app.page.getByTestId('presentation').getAttribute('aria-pressed')) !== String(on)) await app.page.getByTestId('presentation').click();
    await app.page.waitForTimeout(400);
    await app.page.screenshot({ path: `${dir}/${view}-${on ? 'on' : 'off'}.png` });
    const sizes = await textSizes(app.page);
    const drawn = await app.drawn() as DrawnFrame | null;
    console.log(`${view} presentation ${on ? 'on ' : 'off'}: ${JSON.stringify({ ...sizes, stateText: drawn?.stateText })}`);
  }
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
});

test('main view: WFQ, its state lines and the results charts', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('fq/wfq-equal-weights', 400_000_000);
  await app.tab('results');
  await shoot(app, 'main');
});

test('replay view: UPS default, LSTF replay', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('ups/default-random');
  await app.recordReplay('lstf');
  await shoot(app, 'replay');
});

test('compare view: web search, FIFO and SJF', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'compare/web-search');
  await compare.run();
  await shoot(app, 'compare');
});

test('gallery: searched, a description opened, presentation on', async ({ page }) => {
  await new PlaygroundPage(page).open();
  await page.getByTestId('presentation').click();
  await page.getByTestId('examples').click();
  await page.getByTestId('gallery-search').fill('codel');
  await page.getByTestId('example-aqm/lstf-codel-more').click();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/gallery-on.png` });
});
