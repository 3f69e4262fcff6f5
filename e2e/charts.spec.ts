// The run's charts with many flows: lines grouped as the flow table groups the flows (by
// workload, size or source), each line named in a legend that matches; the queue chart draws
// only the ports it names; the time charts mark the playhead.
import { expect, type Page } from '@playwright/test';
import { encodeScenarioHash } from '../web/src/share/link';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

/** The labels of the flow table's group rows (without their flow counts). */
async function tableGroups(page: Page): Promise<string[]> {
  const cells = await page.getByTestId('flow-results').locator('tbody tr td:first-child').allTextContents();
  return cells.map((c) => c.replace(/\s*\([\d,]+\)$/, '').trim());
}

const legend = (page: Page, id: string) => page.getByTestId(`card-${id}`).locator('.legend-item text');
const lines = (page: Page, id: string) => page.getByTestId(`card-${id}`).locator('path.series');

test('many flows: the FCT chart has a line per group of the flow table, the queue chart names every line it draws', async ({ app, page }) => {
  await app.openPaused('compare/web-search');
  await app.tab('results');
  // Grouped by workload (the table's default): the example's one workload is every flow, so
  // one line, its own ("all flows" beside it would be the same line twice).
  const byWorkload = await tableGroups(page);
  expect(byWorkload).toHaveLength(1);
  await expect.poll(() => legend(page, 'fct-cdf').allTextContents()).toEqual(byWorkload);
  await expect(lines(page, 'fct-cdf')).toHaveCount(1);
  // By size: the chart follows the table's choice, "all flows" first, then each group with a completed flow.
  await page.getByTestId('flow-group-by').selectOption('size');
  const bySize = await tableGroups(page);
  expect(bySize).not.toEqual(byWorkload);
  await expect.poll(async () => (await legend(page, 'fct-cdf').allTextContents()).slice(1).every((l) => bySize.includes(l))).toBe(true);
  const named = (await legend(page, 'fct-cdf').allTextContents()).length;
  expect(named).toBeGreaterThan(2);
  await expect(lines(page, 'fct-cdf')).toHaveCount(named);

  // The queue chart: at most six ports, every line drawn named in its legend.
  const queue = page.locator('.chart-panel');
  const names = await page.getByTestId('queue-legend').locator('li').count();
  expect(names).toBeGreaterThan(0);
  expect(names).toBeLessThanOrEqual(6);
  await expect(queue.locator('path.series')).toHaveCount(names);
});

/** Ten listed flows from three hosts (4, 3, 3) into one bottleneck. */
function tenFlows(): string {
  const flows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => ({
    id: `f${i}`, kind: 'cbr', src: i <= 4 ? 'h1' : i <= 7 ? 'h2' : 'h3', dst: 'dst', rate: '1Mbps', packet_size: '1000B',
  }));
  return JSON.stringify({
    format: 'scheduler-playground/scenario', version: 1, name: 'Ten flows', seed: 1, duration: '100ms',
    topology: {
      nodes: [
        { id: 'h1', kind: 'host', pos: [0, 0] }, { id: 'h2', kind: 'host', pos: [0, 1] }, { id: 'h3', kind: 'host', pos: [0, 2] },
        { id: 'r1', kind: 'router', pos: [1, 1], scheduler: { name: 'fifo' } }, { id: 'dst', kind: 'host', pos: [2, 1] },
      ],
      links: [
        { from: 'h1', to: 'r1', bandwidth: '100Mbps', delay: '1ms' }, { from: 'h2', to: 'r1', bandwidth: '100Mbps', delay: '1ms' },
        { from: 'h3', to: 'r1', bandwidth: '100Mbps', delay: '1ms' }, { from: 'r1', to: 'dst', bandwidth: '8Mbps', delay: '1ms' },
      ],
    },
    traffic: flows,
  });
}

test('ten listed flows: throughput per group (by source: three lines), and the time charts follow the playhead', async ({ page }) => {
  const app = await new PlaygroundPage(page).open(encodeScenarioHash(tenFlows()));
  await app.pause();
  await app.tab('results');
  await page.getByTestId('flow-group-by').selectOption('source');
  expect(await tableGroups(page)).toEqual(['from h1', 'from h2', 'from h3']);
  await expect.poll(() => legend(page, 'throughput').allTextContents()).toEqual(['from h1', 'from h2', 'from h3']);
  await expect(lines(page, 'throughput')).toHaveCount(3);

  // The playhead line: at the left edge at t = 0, further right later, at the same place on both time charts.
  const end = Number(await app.scrub.getAttribute('max'));
  const x = (id: string) => page.getByTestId(`${id}-playhead`).getAttribute('x1').then(Number);
  await app.scrub.fill('0');
  await expect.poll(() => x('chart-throughput')).toBe(0);
  await app.scrub.fill(String(Math.round(end / 2)));
  await expect.poll(() => x('chart-throughput')).toBeGreaterThan(0);
  const half = await x('chart-throughput');
  await app.scrub.fill(String(end));
  await expect.poll(() => x('chart-throughput')).toBeGreaterThan(half);
  expect(await x('chart-fairness')).toBe(await x('chart-throughput'));
  expect(app.consoleErrors).toEqual([]);
});

/** Queue cells drawn over a node's shape, as "port P's queue over NODE" (null: none). */
async function queueOverNode(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.querySelector('.topology canvas.topology-canvas')?.getBoundingClientRect();
    const drawn = window.__playground?.drawn();
    if (!root || !drawn) return 'nothing drawn';
    // Node shapes and queue cells, both in page coordinates (the canvas lies over the SVG).
    const boxes = [...document.querySelectorAll('[data-testid="topology"] [data-node]')].map((n) => ({
      id: n.getAttribute('data-node'), box: n.querySelector('circle, rect')?.getBoundingClientRect(),
    }));
    for (const q of drawn.queues) {
      for (const at of q.at) {
        const x = at.x + root.left;
        const y = at.y + root.top;
        for (const { id, box } of boxes) {
          if (box && x > box.left + 1 && x < box.right - 1 && y > box.top + 1 && y < box.bottom - 1) return `port ${q.port}'s queue over ${id}`;
        }
      }
    }
    return null;
  });
}

/** Internet2 with two edge routers per core router, web-search flows over UDP at 70% load. */
const INTERNET2 = JSON.stringify({
  format: 'scheduler-playground/scenario', version: 1, name: 'Internet2, two edges per core', seed: 1, duration: '30ms',
  topology: { preset: 'internet2', params: { edges_per_core: 2 } },
  traffic: [{ kind: 'workload', id: 'w', load: 0.7, sizes: { dist: 'web_search' } }],
});

for (const [name, open] of [['fat-tree example', 'presets/fat_tree'], ['Internet2', encodeScenarioHash(INTERNET2)]] as const) {
  test(`dense drawings: no queue cell is drawn over a node (${name})`, async ({ page }) => {
    test.setTimeout(120_000);
    const app = await new PlaygroundPage(page).open(open.startsWith('#') ? open : '');
    if (!open.startsWith('#')) await app.openExample(open);
    await app.pause();
    // The moment with the most queues among a few.
    const end = Number(await app.scrub.getAttribute('max'));
    let best = { t: 0, n: -1 };
    for (const f of [0.3, 0.5, 0.7, 0.9]) {
      await app.scrub.fill(String(Math.round(end * f)));
      const n = (await app.handle('drawn'))?.queues.length ?? 0;
      if (n > best.n) best = { t: Math.round(end * f), n };
    }
    expect(best.n).toBeGreaterThan(2);
    await app.scrub.fill(String(best.t));
    expect(await queueOverNode(page)).toBeNull();
    expect(app.consoleErrors).toEqual([]);
  });
}

test('leaf-spine: the summary and the queue chart read the busiest port, not the quiet host link the workload was calibrated on', async ({ app, page }) => {
  await app.openExample('compare/leaf-spine-aifo');
  await app.tab('results');
  // The web-search workload was calibrated on leaf0 -> h0_0, which carries 5.5% of its rate in
  // this run (`sched-cli run`: "load target 0.990 on port 4: measured 0.055"); any spine link
  // carries more, so the column must name another port and read more than 5.5%.
  const title = page.getByTestId('summary').locator('th', { hasText: 'utilisation,' });
  await expect(title).not.toContainText('leaf0 → h0_0');
  const text = (await page.getByTestId('summary-utilisation-0').textContent()) ?? '';
  expect(Number.parseFloat(text)).toBeGreaterThan(5.5);
});
