import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

test('the benchmark page runs single-link-md1 in wasm, with the native trace hash', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/bench.html');

  // Only the fast one: untick the rest (the TCP ones start unticked).
  await expect(page.getByTestId('bench-choice-dumbbell-10g-1024')).not.toBeChecked();
  for (const box of await page.locator('[data-testid^="bench-choice-"]').all()) {
    if ((await box.getAttribute('value')) !== 'single-link-md1') await box.uncheck();
  }
  await page.getByTestId('bench-choice-single-link-md1').check();
  // A first run and one more in the same module, which must give the same trace hash.
  await page.getByTestId('bench-later').selectOption('1');
  await page.getByTestId('bench-run').click();

  const row = page.getByTestId('bench-row-single-link-md1');
  await expect(row.locator('td')).toHaveCount(9, { timeout: 30_000 });
  await expect(page.getByTestId('bench-status')).toHaveText(/^Done/);
  await expect(page.locator('[data-testid^="bench-row-"]')).toHaveCount(1);
  const cells = await row.locator('td').allTextContents();
  expect(Number(cells[1])).toBeGreaterThan(0);
  expect(cells[4]).toMatch(/^\d+\.\d{3} \(1\)$/);

  const native = JSON.parse(
    execFileSync(`${repoRoot}wasm-core/target/ci/sched-cli`, ['bench', '--set', 'single-link-md1', '--json'], { encoding: 'utf8' }),
  ) as { events: number; delivered: number; trace_hash: string };
  expect(await row.getAttribute('data-trace-hash')).toBe(native.trace_hash);
  expect(cells[8]).toBe(native.trace_hash.slice(0, 16));
  expect(Number(cells[1])).toBe(native.events);
  expect(Number(cells[2])).toBe(native.delivered);
  expect(errors).toEqual([]);
});

test('the playground links to the benchmark page from its "?" help', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('help').click();
  await expect(page.getByTestId('bench-link')).toHaveAttribute('href', './bench.html');
});
