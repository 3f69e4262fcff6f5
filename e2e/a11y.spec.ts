// Accessibility (WCAG 2.2 AA where it applies): axe-core finds no violation on the main views;
// Esc closes the top dialog and only one dialog is open at a time; reduced motion starts
// paused; the canvas has a text summary; nodes are reachable with Tab.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { PlaygroundPage } from './pages/playground';

// Evaluated through the debugging protocol, not added as a <script>: the built page's
// Content-Security-Policy (script-src 'self') refuses inline scripts, as it should.
const AXE = readFileSync(fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page (WCAG 2.0-2.2 A and AA rules) and returns its violations. */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } };
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

async function expectNoViolations(page: Page, view: string): Promise<void> {
  const violations = await axe(page);
  expect.soft(violations, `${view}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

test('axe-core: no violation on the playground, results, inspector, traffic, help and the dialogs', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  await expectNoViolations(page, 'playground (results tab)');
  await app.tab('inspect');
  await app.clickLink(3);
  await expectNoViolations(page, 'inspector (a link)');
  await app.tab('traffic');
  await expectNoViolations(page, 'traffic tab');
  await page.getByTestId('help').click();
  await expect(page.getByTestId('help-dialog')).toBeVisible();
  await expectNoViolations(page, 'help');
  await page.keyboard.press('Escape');
  await page.getByTestId('examples').click();
  await expect(page.getByTestId('gallery')).toBeVisible();
  await expectNoViolations(page, 'gallery dialog');
  await page.keyboard.press('Escape');
  await page.getByTestId('presets').click();
  await expect(page.getByTestId('preset-dialog')).toBeVisible();
  await expectNoViolations(page, 'presets dialog');
});

test('axe-core: no violation on the replay view and the compare view', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('ups/default-random');
  await app.recordReplay('lstf');
  await expectNoViolations(page, 'replay tab');
  const compare = await ComparePage.open(app);
  await expectNoViolations(page, 'compare tab');
  await compare.run();
  await app.pause();
  await expectNoViolations(page, 'compare view');
});

test('the Sweep tab, set up and with its chart, has no violation', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.tab('sweep');
  await page.getByTestId('sweep-schedulers').locator('summary').click();
  await expectNoViolations(page, 'sweep tab');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-done')).toBeVisible({ timeout: 60_000 });
  await expectNoViolations(page, 'sweep tab with its chart');
});

test('Esc closes the top dialog; only one dialog is open at a time', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  const dialogs = page.getByRole('dialog');
  await page.getByTestId('help').click();
  await expect(page.getByTestId('help-dialog')).toBeVisible();
  await page.getByTestId('examples').click();
  await expect(page.getByTestId('gallery')).toBeVisible();
  await expect(dialogs).toHaveCount(1);
  await page.getByTestId('presets').click();
  await expect(page.getByTestId('preset-dialog')).toBeVisible();
  await expect(dialogs).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialogs).toHaveCount(0);
  await page.getByTestId('help').click();
  await expect(page.getByTestId('help-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialogs).toHaveCount(0);
  // Focus returns to the button that opened it.
  await expect(page.getByTestId('help')).toBeFocused();
});

test('prefers-reduced-motion: the run starts paused', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const app = await new PlaygroundPage(page).open();
  await expect(app.playPause).toHaveAccessibleName('Play');
  expect(await app.playhead()).toBe(0);
  await context.close();
});

test('the canvas has a text summary of what is queued where; nodes are reachable with Tab', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  await app.scrub.fill('141500000');
  const summary = page.getByTestId('stage-summary');
  await expect(summary).toHaveText(/queued/);
  // The default scenario's bottleneck r1 -> r2 has packets queued at 141.5 ms.
  await expect(summary).toContainText('r1');
  const node = app.node('r1');
  await expect(node).toHaveAttribute('tabindex', '0');
  await node.focus();
  await page.keyboard.press('Enter');
  await expect(node).toHaveClass(/selected/);
  await expect(page.getByTestId('tab-inspect')).toHaveAttribute('aria-selected', 'true');
});
