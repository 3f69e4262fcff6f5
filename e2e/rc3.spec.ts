// RC3 in the page (issue 36, UPS Fig. 3's transport): the gallery's idle-path example opens and
// runs with its hand-worked claims holding; the queue at the RC3 source shows each packet's
// priority (its class) as the strict-priority key; the traffic form offers rc3 with its levels;
// the Papers view's Fig. 3 row opens the reproduction.
import { expect } from '@playwright/test';
import { test } from './support/app';

test.describe.configure({ timeout: 120_000 });

test('RC3 against TCP on an idle path: runs, claims hold, priorities drawn, form and Papers row', async ({ app, page }) => {
  await app.openPaused('tcp/rc3-idle-path', 30_000);
  await expect(page.getByTestId('scenario-name')).toHaveText(/RC3 against TCP on an idle path/);

  // h1's NIC serves by strict priority too: at 30 us it holds the primary loop's segment 3
  // (class 0), at 40 us the low-priority loop's first segment (class 1, sent as soon as nothing
  // waited). The keys drawn are the packets' RC3 priorities.
  const keys = async (): Promise<string[]> => (await app.drawn()).queues.flatMap((q) => q.keys);
  // (h2's FIFO queue, TCP's, shows arrival times.)
  await expect.poll(keys).toContain('0');
  expect(await keys()).not.toContain('1');
  await app.seek(40_000);
  await expect.poll(keys).toContain('1');
  await page.screenshot({ path: '/tmp/pw-s49-rc3/rc3-queue.png' });

  // The claims (FCTs worked out by hand in the file), checked by the core.
  const claims = page.getByTestId('claims');
  await claims.getByTestId('claims-check').click();
  await expect(claims.getByTestId('claims-summary')).toContainText('2 of 2 hold on this run', { timeout: 60_000 });

  // The traffic form: rc3 is a transport, with its levels.
  await app.tab('traffic');
  await page.getByTestId('traffic-row-rc3').locator('button.link-button').click();
  await expect(app.field('traffic[0].transport')).toHaveValue('rc3');
  await expect(app.field('traffic[0].tcp.rc3.levels')).toBeVisible();
  await expect(app.field('traffic[1].tcp.rc3.levels')).toHaveCount(0);

  // The Papers view: UPS Fig. 3 is held and opens its reproduction.
  await page.getByTestId('papers-open').click();
  const dialog = page.getByTestId('papers');
  await dialog.getByTestId('paper-ups').click();
  const row = dialog.getByTestId('paper-item-ups/fig-3');
  await expect(row.getByTestId('item-status')).toHaveAttribute('class', 'st st-held');
  await expect(row.getByTestId('open-reproductions/ups-objectives/rc3-i2-30.json')).toBeVisible();
  await page.screenshot({ path: '/tmp/pw-s49-rc3/rc3-papers.png' });
});
