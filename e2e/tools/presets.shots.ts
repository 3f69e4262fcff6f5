// Screenshots of the big preset examples (leaf-spine, fat-tree, Internet2) at 1366x768,
// 1920x1080 and 800 px wide, paused at a busy moment, for looking at the layouts:
// `SHOTS_DIR=/some/dir npx playwright test -c playwright.tools.config.ts presets.shots`
// (default: test-results/shots). Not a test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { PlaygroundPage } from '../pages/playground';

const dir = process.env.SHOTS_DIR ?? 'test-results/shots';
mkdirSync(dir, { recursive: true });

const EXAMPLES = [['leaf-spine', 'presets/leaf_spine'], ['fat-tree', 'presets/fat_tree'], ['internet2', 'presets/internet2']] as const;
const SIZES = [[1366, 768], [1920, 1080], [800, 900]] as const;

for (const [name, example] of EXAMPLES) {
  for (const [w, h] of SIZES) {
    test(`${name} at ${w}x${h}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      const app = await new PlaygroundPage(page).open();
      await app.openPaused(example);
      // The moment with the most packets queued among 12 evenly spaced ones.
      const end = (await app.handle('traceExtent'))?.endNs ?? 0;
      let best = 0;
      let most = -1;
      for (let i = 1; i <= 12; i++) {
        const t = (end * i) / 13;
        await app.seek(t);
        const queued = await page.evaluate(() => window.__playground?.drawn()?.queues.reduce((n, q) => n + q.packets.length, 0) ?? 0);
        if (queued > most) [best, most] = [t, queued];
      }
      await app.seek(best);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(dir, `${name}-${w}x${h}.png`), fullPage: w < 1000 });
    });
  }
}
