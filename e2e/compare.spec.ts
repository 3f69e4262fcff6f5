// The compare view: FIFO, SJF and LSTF on a web-search workload, driven like a user.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { encodeCompareHash } from '../web/src/share/link';
import { CHARTS, ComparePage } from './pages/compare';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';
import { goldens } from './support/goldens';

const SCENARIO = 'compare/web-search';
/** FIFO, SJF and LSTF as the registry names them. */
const NAMES = ['FIFO', 'SJF (shortest job first)', 'LSTF (least slack first)'];

test.describe.configure({ timeout: 240_000 });

test('FIFO, SJF and LSTF on web-search traffic: side by side, three series in every chart, exports, and a link that reopens it', async ({ page, browser }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openExample(SCENARIO);
  const single = await app.handle('traceHash');
  const compare = await ComparePage.open(app);
  await expect(page.getByTestId('closed-loop-note')).toContainText('open loop (UDP)');
  await compare.pickAll(['fifo', 'sjf', 'lstf']);
  await expect(compare.runButton).toHaveText('Compare 3 schedulers');
  const info = await compare.run();

  // Each run is the scenario with every router on its scheduler, on the same seed: the FIFO run
  // is the scenario itself (it names FIFO), and every hash is the one the native core computes.
  const golden = goldens(SCENARIO);
  // Panel titles, legends and the summary name each run by its scheduler's display name (the registry's).
  expect(info.labels).toEqual(NAMES);
  expect(info.schedulers.map((ports) => [...new Set(ports)])).toEqual([['fifo'], ['sjf'], ['lstf']]);
  expect(info.hashes).toEqual([golden.run, golden.versus.sjf, golden.versus.lstf]);
  expect(info.hashes[0]).toBe(single);

  // Side by side, in step: three panels, each with its own queues, on one timeline.
  for (const [i, name] of NAMES.entries()) await expect(compare.panelTitle(i)).toHaveText(name);
  await app.pause();
  // At 60 ms (a busy moment of this seed) every panel has queued packets; the bottleneck's
  // queue holds the same packets in each run but SJF serves them in another order than FIFO.
  await app.seek(60_000_000);
  const drawn = () => page.evaluate(() => [0, 1, 2].map((i) => window.__playground?.compareDrawn(i)?.queues ?? []));
  await expect.poll(async () => (await drawn()).map((q) => q.length > 0)).toEqual([true, true, true]);
  const [fifoQueues, sjfQueues] = await drawn();
  const port = fifoQueues?.at(-1)?.port;
  const head = (queues: typeof fifoQueues) => queues?.find((q) => q.port === port)?.packets.slice(0, 8) ?? [];
  expect(head(fifoQueues).length).toBeGreaterThan(1);
  expect(head(sjfQueues)).not.toEqual(head(fifoQueues));

  // Every chart draws three series with a legend naming them.
  for (const id of ['fct-cdf', 'slowdown-cdf', 'delay-cdf', 'fct-mean-by-size', 'fct-p99-by-size', 'wait', 'queue'] as const) {
    await expect.poll(() => compare.seriesCount(id), { message: id }).toBe(3);
    await expect(compare.legend(id)).toHaveText(NAMES);
  }
  // Charts with nothing to draw here say so (no explicit flow to bin, no drop) but keep the legend.
  for (const id of ['throughput', 'fairness', 'drops'] as const) {
    await expect(compare.chart(id).getByTestId('chart-empty')).toBeVisible();
    await expect(compare.legend(id)).toHaveText(NAMES);
  }
  expect(CHARTS.length).toBe(10);

  // Hover reads every series at the pointer.
  const fct = compare.chart('fct-cdf').getByTestId('chart-fct-cdf');
  await fct.scrollIntoViewIfNeeded();
  const box = await fct.boundingBox();
  if (!box) throw new Error('the FCT chart is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tip = compare.chart('fct-cdf').getByTestId('chart-fct-cdf-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/percentile/);
  for (const name of NAMES) await expect(tip).toContainText(`${name}:`);

  // The summary: SJF gives small flows the lowest mean FCT (the scenario's check, from the papers).
  await expect(compare.summary.locator('tbody tr')).toHaveCount(3);
  await expect(compare.cell('small-mean', 1)).toHaveClass(/best/);
  await expect(compare.cell('small-mean', 0)).not.toHaveClass(/best/);
  await expect(compare.cell('completed', 0)).toHaveText('82 of 82');

  // Exports: SVG and PNG of a chart, CSV of the table.
  // Named after what they show (the comparison's runs, short), with where they came from written in.
  const shownAs = 'fifo-vs-sjf-vs-lstf';
  const runLines = [info.hashes[0], info.hashes[1], info.hashes[2]].map((h, i) => `run: ${NAMES[i]}, trace hash ${h}`);
  const svg = await compare.exportChart('fct-cdf', 'svg');
  expect(svg.name).toMatch(new RegExp(`-${shownAs}-fct-cdf\\.svg$`));
  const svgText = svg.bytes.toString('utf8');
  for (const line of runLines) expect(svgText).toContain(line);
  expect(svgText).toMatch(/<metadata data-format="scheduler-playground\/provenance">/);
  expect(svgText).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svgText.match(/class="series"/g)?.length).toBe(3);
  expect(svgText).toContain('Flow completion time (CDF)');
  const png = await compare.exportChart('fct-mean-by-size', 'png');
  expect(png.name).toMatch(/-fct-mean-by-size\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.length).toBeGreaterThan(5_000);
  const pngText = png.bytes.toString('latin1');
  expect(pngText).toContain('tEXtTitle\0Mean FCT by flow size');
  for (const line of runLines) expect(pngText).toContain(line);
  const csv = await compare.exportSummary();
  expect(csv.name).toMatch(new RegExp(`-${shownAs}-summary\\.csv$`));
  const lines = csv.bytes.toString('utf8').trim().split('\n');
  expect(lines.filter((l) => l.startsWith('# run: '))).toEqual(runLines.map((l) => `# ${l}`));
  expect(lines).toContain('# shows: Summary');
  const rows = lines.filter((l) => !l.startsWith('#')).map((r) => r.split(','));
  expect(rows[0]?.slice(0, 3)).toEqual(['scheduler', 'trace_hash', 'small_flows_mean_fct_ns']);
  expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[NAMES[0], golden.run], [NAMES[1], golden.versus.sjf], [NAMES[2], golden.versus.lstf]]);

  // The share link carries the comparison: opened in another tab, it runs the same three runs.
  const link = await app.share();
  expect(link).toMatch(/#v2\./);
  const other = new PlaygroundPage(await (await browser.newContext()).newPage());
  await other.page.goto(link);
  const again = new ComparePage(other);
  await expect(again.view).toBeVisible({ timeout: 120_000 });
  await other.dismissTour();
  await expect.poll(async () => (await other.handle('comparison'))?.hashes, { timeout: 60_000 }).toEqual(info.hashes);
  await expect(other.page.getByTestId('scenario-name')).toContainText('Web-search flows at one bottleneck');
  for (const [i, name] of NAMES.entries()) await expect(again.panelTitle(i)).toHaveText(name);
  expect(other.consoleErrors).toEqual([]);

  // Back in the editor, a link without a comparison is a version 1 link, as before.
  await compare.backToEditor();
  expect(await app.share()).toMatch(/#v1\./);
  expect(app.consoleErrors).toEqual([]);
});

test('a comparison on a chosen router, drops by reason with whole-number ticks', async ({ app, page }) => {
  // The dumbbell: two routers, rl and rr, joined by the bottleneck (rl's port), overloaded 2:1.
  const compare = await ComparePage.open(app, 'presets/dumbbell');
  // A FIFO that drops from the head on every router, and SJF on rl only (rr keeps its FIFO).
  await compare.pick(0, 'fifo');
  await app.choose('compare[0].scheduler.params.drop', 'head');
  await compare.pick(1, 'sjf');
  await page.getByTestId('compare-where-1').selectOption('chosen');
  await expect(page.getByTestId('compare-router-1-rl')).toBeChecked();
  await expect(page.getByTestId('compare-router-1-rr')).not.toBeChecked();
  await expect(page.getByTestId('closed-loop-note')).toContainText('open loop (UDP)');
  const info = await compare.run();
  expect(info.labels).toEqual(['FIFO (drop=head)', 'SJF (shortest job first) on rl']);
  expect(info.schedulers.map((ports) => [...new Set(ports)].sort())).toEqual([['fifo'], ['fifo', 'sjf']]);
  // The legend names both runs, then the reasons their ports dropped for.
  const legend = await compare.chart('drops').locator('.legend-item text').allTextContents();
  expect(legend.slice(0, 2)).toEqual(['FIFO (drop=head)', 'SJF (shortest job first) on rl']);
  expect(legend).toContain('pushed out');
  await expect.poll(() => compare.seriesCount('drops')).toBe(2);
  const ticks = await compare.chart('drops').locator('.axis-x .tick text').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const t of ticks) expect(t).toMatch(/^\d+$/);
});

test('CoDel against LSTFCoDel on the LSTFCoDel experiment: a lower mean queueing delay with a larger spread', async ({ app, page }) => {
  const compare = await ComparePage.open(app, 'aqm/lstf-codel');
  await expect(page.getByTestId('closed-loop-note')).toContainText('closed-loop traffic');
  await compare.pickAll(['codel', 'lstf_codel']);
  const info = await compare.run();
  expect(info.labels).toEqual(['CoDel', 'LSTFCoDel']);
  // The CoDel run is the scenario's own versus run: the hash the native core computes.
  expect(info.hashes[0]).toBe(goldens('aqm/lstf-codel').versus.codel);
  // The paper's finding (Tables II and V) at router_a → server_a, the bottleneck the table reads:
  // LSTFCoDel's mean wait is the lower, CoDel's spread the smaller.
  await expect(compare.cell('wait-mean', 1)).toHaveClass(/best/);
  await expect(compare.cell('wait-std', 0)).toHaveClass(/best/);
  await expect(page.getByTestId('compare-results').getByTestId('summary').locator('th', { hasText: 'queueing delay at router_a → server_a: std dev' })).toBeVisible();
  await expect.poll(() => compare.seriesCount('wait')).toBe(2);
  // Hover over the bottleneck's row gives both runs' mean, spread and variance in s².
  const chart = compare.chart('wait').getByTestId('chart-wait');
  await chart.scrollIntoViewIfNeeded();
  const bar = compare.chart('wait').locator('rect.series').first();
  const box = await bar.boundingBox();
  if (!box) throw new Error('no bar in the queueing-delay chart');
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  const tip = compare.chart('wait').getByTestId('chart-wait-tip');
  await expect(tip).toContainText('queueing delay at router_a → server_a');
  await expect(tip).toContainText(/CoDel: mean .* ± .* · variance \d\.\de-\d s²/);
});

test('UPS objectives in the compare view: FQ and LSTF with Edge-CoDel are the Edge-CoDel scenario\'s own versus runs', async ({ app, page }) => {
  const compare = await ComparePage.open(app, 'ups/objective-edge-codel');
  await compare.pickAll(['fq', 'lstf']);
  for (const i of [0, 1]) {
    await page.getByTestId(`compare-objective-${i}`).locator('summary').click();
    // The scenario sets a slack rule (fairness, r_est 10 Mbps) and no Edge-CoDel.
    await expect(page.getByTestId(`compare-slack-${i}`)).toHaveValue('scenario');
    await expect(page.getByTestId(`compare-edge-${i}`).locator('option[value="scenario"]')).toHaveText("the scenario's (off)");
    await page.getByTestId(`compare-edge-${i}`).selectOption('on');
  }
  const info = await compare.run();
  expect(info.labels).toEqual(['Fair queueing + Edge-CoDel', 'LSTF (least slack first) + Edge-CoDel']);
  // The native core's hashes of the checks' runs "versus fq / lstf with Edge-CoDel" (defaults:
  // target 5 ms, interval 100 ms, refresh 20 ms).
  const golden = readFileSync(fileURLToPath(new URL('../scenarios/ups/objective-edge-codel.golden', import.meta.url)), 'utf8');
  const hash = (name: string) =>
    new RegExp(`^([0-9a-f]{32}) versus \\{"name":"${name}"\\} \\+ edge_codel target 5000000 interval 100000000 refresh 20000000 ecn false$`, 'm').exec(golden)?.[1];
  expect(info.hashes).toEqual([hash('fq'), hash('lstf')]);
  // Another slack rule for the LSTF run names itself.
  await page.getByTestId('compare-slack-1').selectOption('flow_size');
  await expect(page.getByTestId('compare-row-1')).toContainText('LSTF (least slack first) + slack flow_size, Edge-CoDel');
});

test('a link comparing a scheduler this page does not know: the scenario opens and the Compare tab names the problem', async ({ page }) => {
  const app = new PlaygroundPage(page);
  const scenario = readFileSync(fileURLToPath(new URL('../scenarios/default.json', import.meta.url)), 'utf8');
  const hash = encodeCompareHash(scenario, { variants: [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'pifo_tree' } }] });
  await page.goto(`/${hash}`);
  await expect(app.fieldError('compare[1].scheduler')).toContainText('unknown scheduler "pifo_tree"', { timeout: 60_000 });
  await app.dismissTour();
  await expect(app.errorMessage).toContainText('Scheduler 2 (pifo_tree) could not run');
  await expect(page.getByTestId('scenario-name')).toHaveText('Three senders, one bottleneck');
  await expect(app.field('compare[1].scheduler')).toHaveValue('pifo_tree');
  // Pick one it knows and compare.
  await app.choose('compare[1].scheduler', 'lifo');
  const compare = new ComparePage(app);
  expect((await compare.run()).labels).toEqual(['FIFO', 'LIFO']);
});

test('Cancel stops a four-way comparison of the fat-tree preset; the page stays usable', async ({ app, page }) => {
  const compare = await ComparePage.open(app, 'presets/fat_tree');
  await compare.pickAll(['fifo', 'sjf', 'lstf', 'fq']);
  await expect(compare.addButton).toBeHidden(); // four at most
  await compare.runButton.click();
  await expect(page.getByTestId('compare-progress')).toContainText('Run 1 of 4');
  await page.getByTestId('compare-cancel').click();
  await expect(compare.runButton).toBeVisible();
  expect(await app.handle('comparison')).toBeNull();
  await app.run();
});

test('zooming one panel zooms every panel; presentation size enlarges the names, not the queue cells', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app);
  await compare.pickAll(['fifo', 'sjf']);
  await compare.run();
  await app.pause();
  // The default scenario's bottleneck queue is long at 120 ms (the buffer fills).
  await app.seek(120_000_000);
  type Cells = { x: number; y: number }[][];
  const cells = (): Promise<Cells> => page.evaluate(() => [0, 1].map((i) => {
    const q = window.__playground?.compareDrawn(i)?.queues ?? [];
    return q.reduce((a, b) => (b.packets.length > a.packets.length ? b : a), { packets: [] as number[], at: [] as { x: number; y: number }[] }).at;
  }));
  await expect.poll(async () => (await cells()).map((c) => c.length >= 2)).toEqual([true, true]);
  const before = await cells();
  expect(before[1]?.[0]).toEqual(before[0]?.[0]); // one network, one layout
  await page.getByTestId('compare-topology-0-zoom-in').click();
  await expect.poll(async () => (await cells())[0]?.[0]).not.toEqual(before[0]?.[0]);
  const zoomed = await cells();
  expect(zoomed[1]?.[0]).toEqual(zoomed[0]?.[0]); // the other panel followed
  await page.getByTestId('compare-topology-1-zoom-fit').click();
  await expect.poll(async () => (await cells())[0]?.[0]).toEqual(before[0]?.[0]);
  // Presentation (issue 37): larger names in both panels; the queue cells keep their size, so a
  // long queue's columns do not grow over the nodes beside them.
  const pitch = (c: { y: number }[] | undefined) => Math.abs((c?.[0]?.y ?? 0) - (c?.[1]?.y ?? 0));
  const nameSize = (i: number) => page.getByTestId(`compare-topology-${i}`).locator('.node-label').first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const [name0, name1, pitch0] = [await nameSize(0), await nameSize(1), pitch((await cells())[0])];
  await page.keyboard.press('p');
  await expect(page.getByTestId('presentation')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => nameSize(0)).toBeGreaterThan(Math.max(name0, 15.9));
  expect(await nameSize(1)).toBeGreaterThan(Math.max(name1, 15.9));
  expect(pitch((await cells())[0])).toBe(pitch0);
  expect(pitch((await cells())[1])).toBe(pitch0);
  expect(app.consoleErrors).toEqual([]);
});
