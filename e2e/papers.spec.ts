import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './support/app';

/** The scoreboard the core generated (sched-cli reproduce --summary --write). */
const board = JSON.parse(readFileSync('docs/papers/scoreboard.json', 'utf8')) as {
  papers: { id: string; items: { id: string; status: string; reason: string | null; claims: unknown[] }[]; counts: Record<string, number> }[];
};

test.describe.configure({ timeout: 120_000 });

test('the Papers view lists every item of the five papers with its status, and a row opens its scenario', async ({ app, page }) => {
  await page.getByTestId('papers-open').click();
  const dialog = page.getByTestId('papers');
  await expect(dialog).toBeVisible();
  for (const p of board.papers) {
    await dialog.getByTestId(`paper-${p.id}`).click();
    await expect(dialog.locator('tbody tr[data-testid^="paper-item-"]')).toHaveCount(p.items.length);
    for (const it of p.items.slice(0, 3)) {
      await expect(dialog.getByTestId(`paper-item-${it.id}`).getByTestId('item-status')).toHaveAttribute('class', `st st-${it.status}`);
    }
  }
  // FSC's 2 Mbps example (Sec. 1), at playground scale: opens and runs as the example.
  await dialog.getByTestId('paper-fsc').click();
  await dialog.getByTestId('paper-item-fsc/sec-1-example').getByTestId('open-fq/wfq-equal-weights.json').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scenario-name')).toHaveText(/FSC's 2 Mbps example/);
  await app.waitForRun();

  // The example's claims, checked by the core against the run on screen.
  const claims = page.getByTestId('claims');
  await expect(claims).toBeVisible();
  await claims.getByTestId('claims-check').click();
  await expect(claims.getByTestId('claims-summary')).toContainText('10 of 10 hold on this run (the same trace hash)', { timeout: 60_000 });
  await expect(claims.locator('li[data-status="held"]')).toHaveCount(10);
});

test('every row opens its scenario or sweep; a sweep row opens the Sweep tab ready to run, with its runs and expected time', async ({ app, page }) => {
  await page.getByTestId('papers-open').click();
  const dialog = page.getByTestId('papers');
  // Every item with a claim offers a file to open, or (a Rust test alone) the test's command;
  // one without says why, when items.json gives the reason.
  for (const p of board.papers) {
    await dialog.getByTestId(`paper-${p.id}`).click();
    for (const it of p.items) {
      const row = dialog.getByTestId(`paper-item-${it.id}`);
      if (it.claims.length > 0) await expect(row.locator('[data-testid^="open-"], [data-testid="item-test"]').first()).toBeVisible();
      if (it.reason !== null) await expect(row.getByTestId('item-reason')).toContainText(it.reason.slice(0, 40));
    }
  }
  // MR-tradeoff Figs. 7-9: the CPU-bound traffic's sweep (alpha 0.8, alpha 1, MR3), 3 runs.
  await dialog.getByTestId('paper-mr').click();
  const open = dialog.getByTestId('paper-item-mr/fig-7-9').getByTestId('open-middlebox/trace-driven-cpu.sweep.json');
  await expect(open).toContainText('3 runs');
  await open.click();
  await expect(dialog).toBeHidden();
  const tab = page.getByTestId('sweep-tab');
  const opened = tab.getByTestId('sweep-opened');
  await expect(opened).toContainText('trace-driven-cpu.sweep.json: 3 runs, about');
  await expect(opened).toContainText('sched-cli sweep scenarios/middlebox/trace-driven-cpu.sweep.json');
  // Its base scenario is the draft, not run.
  await expect(page.getByTestId('scenario-name')).toHaveText(/Figs. 7-9: synthesised CPU-bound traffic/);
  await opened.getByTestId('sweep-opened-run').click();
  await expect(tab.getByTestId('sweep-done')).toContainText('trace-driven-cpu.sweep.json: 3 runs', { timeout: 60_000 });
  await expect(tab.getByTestId('sweep-error')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});
