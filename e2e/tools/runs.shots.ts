// Issue 38's other pictures, at 1366x768 and at 1920x1080 with Presentation on: plain fair
// queueing's buffer hint; a large run (UPS Table 1's paper-scale row cut to 15 ms) simulating
// with its estimate and time left, then preparing its playback; the same network's 200 ms run
// cancelled (the 15 ms run stays, said so; e2e/long-run.spec.ts shoots the cleared case). PNGs go to SHOTS_DIR (default test-results/runs). Not a test:
// npx playwright test -c playwright.tools.config.ts runs.shots
import { mkdirSync, readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { PlaygroundPage } from '../pages/playground';

const dir = process.env.SHOTS_DIR ?? 'test-results/runs';

function table1(duration: string): Buffer {
  const s = JSON.parse(readFileSync('scenarios/reproductions/ups-table1/default.json', 'utf8')) as { duration: string; checks?: unknown };
  s.duration = duration;
  delete s.checks;
  return Buffer.from(JSON.stringify(s));
}

for (const [w, h, on] of [[1366, 768, false], [1920, 1080, true]] as const) {
  test(`buffer hint, long run, cancel at ${w}x${h}`, async ({ page }) => {
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width: w, height: h });
    const app = await new PlaygroundPage(page).open();
    if (on) await page.getByTestId('presentation').click();
    await app.tab('inspect');
    await app.node('r1').click();
    await app.choose('topology.nodes[3].scheduler', 'fq');
    await page.getByTestId('buffer-hint').waitFor();
    await page.screenshot({ path: `${dir}/fq-hint-${w}.png` });
    await page.getByTestId('import-file').setInputFiles({ name: 'table1-15ms.json', mimeType: 'application/json', buffer: table1('15ms') });
    await page.getByTestId('run-left').waitFor();
    await page.screenshot({ path: `${dir}/simulating-${w}.png` });
    await page.locator('[data-phase=preparing]').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${dir}/preparing-${w}.png` });
    await app.waitForRun();
    await page.getByTestId('import-file').setInputFiles({ name: 'table1-200ms.json', mimeType: 'application/json', buffer: table1('200ms') });
    await page.getByTestId('cancel').click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${dir}/cancelled-${w}.png` });
  });
}
