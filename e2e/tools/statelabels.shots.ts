// State labels on the stage (issue 38): the leaf-spine AIFO comparison and WFQ's default at
// 1366x768 and at 1920x1080 with Presentation on. PNGs go to SHOTS_DIR (default
// test-results/statelabels). Not a test: npx playwright test -c playwright.tools.config.ts statelabels.shots
import { mkdirSync } from 'node:fs';
import { test } from '@playwright/test';
import { ComparePage } from '../pages/compare';
import { PlaygroundPage } from '../pages/playground';

const dir = process.env.SHOTS_DIR ?? 'test-results/statelabels';

for (const [w, h, on] of [[1366, 768, false], [1920, 1080, true]] as const) {
  test(`WFQ and leaf-spine AIFO at ${w}x${h}`, async ({ page }) => {
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width: w, height: h });
    const app = await new PlaygroundPage(page).open();
    if (on) await page.getByTestId('presentation').click();
    await app.openPaused('fq/wfq-equal-weights', 400_000_000);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${dir}/wfq-${w}.png` });
    const compare = await ComparePage.open(app, 'compare/leaf-spine-aifo');
    await compare.run();
    await app.pause();
    await app.seek(20_000_000);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${dir}/aifo-${w}.png` });
  });
}
