// A middlebox in the page: the Fig. 1 example's CPU and link gauges and dominant shares come
// from the run (the hand calculation of scenarios/middlebox/fig1-drfq.json: CPU always busy,
// two thirds of the link, 3/5 dominant share each), and the editor turns a router into a
// middlebox with its modules.
import { expect } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { test } from './support/app';
import { goldens } from './support/goldens';

test('the Fig. 1 middlebox shows its CPU busy, two thirds of its link, and the makespan', async ({ app, page }) => {
  await app.openPaused('middlebox/fig1-drfq');
  await app.tab('results');
  const panel = page.getByTestId('middlebox-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: /Middlebox mb · CPU scheduler DRFQ/ })).toBeVisible();
  // Over the run: CPU 100% (2/5 + 3/5), link 2/3 (3/5 + 1/15), within the scenario's bounds.
  const over = async (id: string) => Number(/([\d.]+)% over the run/.exec((await page.getByTestId(id).textContent()) ?? '')?.[1]);
  expect(await over('gauge-cpu')).toBeGreaterThanOrEqual(99);
  const link = await over('gauge-link');
  expect(link).toBeGreaterThan(65.7);
  expect(link).toBeLessThan(67.7);
  await expect(page.getByTestId('makespan')).toContainText('makespan');
  await expect(page.getByTestId('chart-dominant-shares')).toBeVisible();
  await expect(page.getByTestId('chart-stage-utilisation')).toBeVisible();
});

test('the editor makes a router a middlebox with three modules and assigns a flow', async ({ app, page }) => {
  await app.pause();
  await app.node('r1').click();
  await app.tab('inspect');
  await page.getByTestId('make-middlebox').click();
  const form = page.getByTestId('middlebox-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('module 3 name')).toHaveValue('ipsec');
  await page.getByTestId('add-module').click();
  await expect(form.getByLabel('module 4 name')).toHaveValue('module4');
});

test('the alpha slider reruns the trade-off: from DRGPS (link 2/3) to greedy (link full), with the alpha floor drawn', async ({ app, page }) => {
  await app.openPaused('middlebox/fig2-drgps');
  await app.tab('results');
  const slider = page.getByTestId('alpha-slider');
  await expect(slider).toContainText('α = 1.00');
  // The floor line alpha x d_bar is in the dominant-share chart's legend.
  await expect(page.getByTestId('chart-dominant-shares')).toContainText('α × fair share');
  const over = async (id: string) => Number(/([\d.]+)% over the run/.exec((await page.getByTestId(id).textContent()) ?? '')?.[1]);
  expect(await over('gauge-link')).toBeLessThan(67.7);
  // Home then release: alpha = 0, the greedy schedule (Fig. 1(b)): both resources full.
  const range = slider.getByRole('slider', { name: 'alpha' });
  await range.focus();
  await range.press('Home');
  await expect(slider).toContainText('α = 0.00');
  await expect.poll(async () => over('gauge-link'), { timeout: 20_000 }).toBeGreaterThanOrEqual(99);
});

test('the CPU queue is drawn at the middlebox, in the order the core publishes it, with flow-queue drops counted', async ({ app, page }) => {
  await app.openPaused('middlebox/fig6-isolation-alpha-085', 50_000_000);
  // The stage's queue is view id (number of ports + stage id 0), beside the ports' queues.
  const cpu = await page.evaluate(() => {
    const ports = window.__playground?.ports().length ?? 0;
    const q = window.__playground?.drawn()?.queues.find((d) => d.port === ports);
    return { packets: q?.packets.length ?? 0, flows: new Set(q?.packets ?? []).size, keys: q?.keys ?? [] };
  });
  // Three elephants keep 200 packets each waiting for the CPU: the drawn columns are full
  // (6 rows x 3 columns), each packet once.
  expect(cpu.packets).toBe(18);
  expect(cpu.flows).toBe(18);
  // Each shows its value in the unit the stage declares (the trade-off's dominant time, ns).
  expect(cpu.keys).toHaveLength(18);
  for (const k of cpu.keys) expect(k).toMatch(/\d/);
  await app.tab('results');
  await expect(page.getByTestId('flow-queue-drops')).toContainText('dropped at full flow queues');
});

test("the CPU queue's count covers neither the middlebox, the line under it nor a link's label, with Presentation off and on", async ({ app, page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await app.openPaused('middlebox/fig1-drfq', 3_000_000);
  for (const presentation of [false, true]) {
    if (presentation) await page.getByTestId('presentation').click();
    await expect(page.getByTestId('presentation')).toHaveAttribute('aria-pressed', String(presentation));
    // The count's box (canvas px) against the square and its "CPU drfq · fifo" line (page px).
    const clash = await page.waitForFunction(() => {
      const h = window.__playground;
      const q = h?.drawn()?.queues.find((d) => d.port === h.ports().length);
      const canvas = document.querySelector('[data-testid="topology"] ~ canvas.topology-canvas')?.getBoundingClientRect();
      const node = document.querySelector('[data-node="mb"]');
      const links = [...document.querySelectorAll('[data-testid="topology"] .link-label')].filter((l) => l.getAttribute('visibility') !== 'hidden');
      const parts = [node?.querySelector('.middlebox-box'), node?.querySelector('.node-sub'), ...links];
      if (!q?.count || !canvas || parts.some((p) => !p)) return null;
      const c = { l: canvas.left + q.count.x, t: canvas.top + q.count.y, r: canvas.left + q.count.x + q.count.w, b: canvas.top + q.count.y + q.count.h };
      return parts.map((p) => {
        const r = (p as Element).getBoundingClientRect();
        return r.left < c.r && c.l < r.right && r.top < c.b && c.t < r.bottom ? [(p as Element).getAttribute('class')] : [];
      }).flat();
    });
    expect(await clash.jsonValue(), `presentation ${presentation}`).toEqual([]);
  }
});

test("Compare runs a middlebox's CPU schedulers side by side: DRFQ and MR3 give the Fig. 1 examples' own runs", async ({ app, page }) => {
  // fig1-drfq and fig1-mr3 differ only in the CPU's scheduler: the comparison's two runs are
  // those two scenarios' golden runs, and their ports stay FIFO.
  const compare = await ComparePage.open(app, 'middlebox/fig1-drfq');
  for (const [i, name] of ['drfq', 'mr3'].entries()) {
    await compare.pick(i, name);
    await page.getByTestId(`compare-where-${i}`).selectOption('cpu');
  }
  await expect(page.getByTestId('compare-routers-0')).toHaveCount(0);
  const info = await compare.run();
  expect(info.labels.every((l) => l.endsWith(' at the CPU'))).toBe(true);
  expect(info.cpus).toEqual([['drfq'], ['mr3']]);
  expect(info.schedulers.map((ports) => [...new Set(ports)])).toEqual([['fifo'], ['fifo']]);
  expect(info.hashes).toEqual([goldens('middlebox/fig1-drfq').run, goldens('middlebox/fig1-mr3').run]);
});
