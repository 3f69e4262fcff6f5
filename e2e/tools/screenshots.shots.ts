// Screenshots for the README and docs/screenshots/ (npm run screenshots): 1280x720, the
// production build, driven like a user. Not a test.
import { copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ComparePage } from '../pages/compare';
import { PlaygroundPage } from '../pages/playground';

const out = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/** Opens an example paused at `at` ns, inspects link `link`'s ports and shoots the page as `name`. */
async function inspected(app: PlaygroundPage, example: string, at: number | undefined, link: number, name: string): Promise<void> {
  await app.openPaused(example, at);
  await app.inspectLink(link);
  await app.page.screenshot({ path: out(name) });
}

test('editor: drawing a network, the Link tool half way', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.newScenario();
  await app.addNode('host', 0.12, 0.3);
  await app.addNode('host', 0.12, 0.75);
  await app.addNode('router', 0.4, 0.52);
  await app.addNode('router', 0.66, 0.52);
  await app.addNode('host', 0.9, 0.52);
  await app.connect('h1', 'r1');
  await app.connect('h2', 'r1');
  await app.connect('r1', 'r2');
  await app.useTool('select');
  await app.clickLink(2);
  await app.fill('topology.links[2].bandwidth', '2Mbps');
  await app.useTool('link');
  await app.node('r2').click();
  const box = await app.node('h3').boundingBox();
  if (box) await page.mouse.move(box.x - 30, box.y + 4, { steps: 4 });
  await page.screenshot({ path: out('editor') });
});

test('inspector: a link, its per-port schedulers from the registry, a refused value', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  await app.clickLink(3);
  await app.choose('topology.links[3].schedulers.r1', 'class_fq');
  await app.choose('topology.links[3].schedulers.r1.children[0]', 'sjf');
  await app.fill('topology.links[3].bandwidth', '10 Mbit/s');
  await page.screenshot({ path: out('inspector') });
});

test('traffic editor: flows in a table, a workload generator, the selected flow', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.pause();
  await app.tab('traffic');
  await page.getByTestId('traffic-kind').selectOption('workload');
  await page.getByTestId('add-traffic').click();
  await page.getByTestId('traffic-kind').selectOption('flow');
  await page.getByTestId('add-traffic').click();
  await app.fill('traffic[4].size', '250KB');
  await app.fill('traffic[4].weight', '2');
  await page.screenshot({ path: out('traffic') });
});

test('animation: queues with per-packet keys, a drop, a followed packet', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.scrub.fill('141500000');
  await app.pause();
  const head = await page.evaluate(() => window.__playground?.drawn()?.queues.find((q) => q.packets.length > 3)?.at[2] ?? null);
  const box = await app.topology.boundingBox();
  if (head && box) await page.mouse.click(box.x + head.x, box.y + head.y);
  await page.screenshot({ path: out('animation') });
});

test('overview (the README picture): the default scenario playing, keys on queued packets, the chart', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.scrub.fill('141500000');
  await app.pause();
  await page.screenshot({ path: out('overview') });
  copyFileSync(out('overview'), fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url)));
});

test('presets: a fat-tree (k=4) with a web-search workload, running', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-name').selectOption('fat_tree');
  await app.fill('preset.params.delay', '20us');
  await page.getByTestId('load-preset').click();
  // The preset comes with web-search flows over TCP at 50% load for 5 ms: raised to 70%.
  await app.tab('traffic');
  await page.getByRole('button', { name: 'web', exact: true }).click();
  await app.fill('traffic[0].load', '0.7');
  await app.run();
  await app.scrub.fill('2500000');
  await app.pause();
  await app.tab('results');
  await page.screenshot({ path: out('fat-tree') });
});

test('replay: the UPS default scenario replayed with LSTF beside the original, an overdue packet in red', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('ups/default-random');
  await app.recordReplay('lstf');
  // An overdue packet that waited at the hop where its slack went negative: shown a moment
  // before it left there (one 1460 B transmission at 1 Gbps), still queued, its slack negative.
  for (let i = 30; i < 200; i++) {
    await app.overdueRow(i).click();
    const at = await app.playhead();
    await app.seek(at - 11_681);
    if ((await page.getByTestId('replay-follow').textContent())?.includes('slack −')) break;
  }
  await page.locator('#pane-replay').evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: out('replay') });
});

/** The UPS appendix lessons at one of their steps: what the shot shows, the lesson, the step (from 1), the file. */
const GUIDED = [
  ['UPS Fig. 10 in its lesson: the LSTF replay at the tie at a1, the paper\'s tables beside', 'ups-appendix-1', 9, 'ups-fig10'],
  ['UPS Fig. 9 in its lesson: the original at the third congestion point, where the priority cycle closes', 'ups-appendix-1', 3, 'ups-fig9'],
  ['UPS App. A in its lesson: the generated schedule LSTF fails with three congestion points, p2 preempting p4 at r2', 'ups-appendix-2', 3, 'ups-generated-lstf'],
] as const;

for (const [title, lesson, step, name] of GUIDED) {
  test(title, async ({ page }) => {
    await page.goto(`/#lesson=${lesson}&step=${step}`);
    await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.locator('[data-testid^="guide-callout-"]')).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: out(name) });
  });
}

test('queues in service order: SRPT serves flow B (least remaining) from its oldest packet', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await inspected(app, 'queues/srpt-service-order', 1_000_000, 2, 'srpt-order');
});

test('class_fq in service order, and a port\'s state: DCTCP marking above K drawn as a line', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('queues/class-fq-service-order', 1_000_000);
  await page.screenshot({ path: out('class-fq-order') });
  await app.openExample('tcp/dctcp-marking');
  await app.scrub.fill('60000000');
  await app.pause();
  await app.inspectLink(4);
  await page.screenshot({ path: out('port-state') });
});

test('queue management: CoDel dropping at a bottleneck, LSTFCoDel\'s epsilon and gamma', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await inspected(app, 'aqm/bufferbloat', 203_198_000, 4, 'codel');
  await inspected(app, 'aqm/lstf-codel', 40_000_000_000, 2, 'lstf-codel');
});

test('fair queueing: DRR\'s list with each queue\'s deficit, WRR\'s credits, WF2Q+\'s tags and virtual time, in service order', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await inspected(app, 'fq/drr-fairness', 1_000_000_000, 3, 'drr');
  await inspected(app, 'fq/wrr-shares', 1_000_400_000, 3, 'wrr');
  await inspected(app, 'fq/wf2q-plus-burst', 1_000_000, 2, 'wf2q-plus');
  await app.openPaused('fq/strict-priority-cobham');
  // A moment with both classes queued (the load is 70%: the queue is often short).
  await app.seekUntil(1_000_000, 50_000_000, 37_000, (f) => (f.queues[0]?.packets.length ?? 0) >= 5);
  await app.inspectLink(0);
  await page.screenshot({ path: out('strict-priority') });
});

/** Shoots the curve view of port r -> d with the flow labelled `flow` picked. */
async function curveShot(app: PlaygroundPage, flow: string, name: string): Promise<void> {
  const curve = app.curveView('r-d');
  await curve.flow.selectOption({ label: flow });
  await curve.view.scrollIntoViewIfNeeded();
  await curve.view.screenshot({ path: out(name) });
}

test('service curves: FSC serving a burst ahead of TCP, SCED starving the flow that used idle bandwidth', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await inspected(app, 'curves/fsc-worst-case', 1_004_000_000, 2, 'fsc');
  // The curve view of a burst flow backlogged at the playhead: its virtual curve's first piece.
  const burst = await app.curveView('r-d').flow.locator('option', { hasText: /^u\d+ \(backlogged\)$/ }).first().textContent();
  await curveShot(app, burst ?? '', 'fsc-curve-burst');
  await curveShot(app, 'tcp (backlogged)', 'fsc-curve-tcp');
  await inspected(app, 'curves/sced-vs-fsc-tcp', 2_500_000_000, 2, 'sced');
  // Flow A, starved: served far above its deadline curve, which B's deadlines must reach first (Fig. 3).
  await curveShot(app, 'A (backlogged)', 'sced-curve-starved');
  // Fig. 9: an ON-OFF burst 12 ms into its period (on0's bursts start at 87 ms + k s), on m1.
  await app.openPaused('curves/fsc-fig9-udp-cbr', 5_099_000_000);
  await app.inspectLink(2);
  await curveShot(app, 'on0 (backlogged)', 'fsc-curve-onoff');
});

test('programmable: an AIFO port (c against C, the quantile threshold, the last verdict, the window), and PIFO in rank order', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await inspected(app, 'programmable/theorem1-aifo', 1_000_400_000, 0, 'aifo');
  // The whole burst has reached r (six 1500 B packets at 100 Mbps from 1 ms).
  await inspected(app, 'programmable/fig2-pifo', 3_000_000, 1, 'pifo');
  await inspected(app, 'programmable/fig2-sp-pifo', 3_000_000, 1, 'sp-pifo');
});

/** FIFO, SJF and LSTF compared on compare/web-search, paused at a busy moment (60 ms). */
async function webSearchComparison(app: PlaygroundPage): Promise<ComparePage> {
  const compare = await ComparePage.open(app, 'compare/web-search');
  await compare.pick(2, 'lstf');
  await compare.run();
  await app.pause();
  await app.seek(60_000_000);
  await app.page.waitForTimeout(500);
  return compare;
}

for (const [w, h] of [[1366, 768], [1920, 1080]] as const) {
  test(`compare view at ${w}x${h}: FIFO, SJF and LSTF side by side on one timeline`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const app = await new PlaygroundPage(page).open();
    await webSearchComparison(app);
    await page.screenshot({ path: out(`compare-${w}`) });
  });
}

test('compare charts at 1920x1080: FCT and delay CDFs, FCT by size, queueing delay, the summary', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = await new PlaygroundPage(page).open();
  const compare = await webSearchComparison(app);
  await compare.chart('fct-cdf').scrollIntoViewIfNeeded();
  const box = await compare.chart('fct-cdf').getByTestId('chart-fct-cdf').boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45);
  await page.getByTestId('compare-results').screenshot({ path: out('compare-charts') });
});

test('compare: CoDel against LSTFCoDel, queueing delay per port with its spread', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'aqm/lstf-codel');
  await compare.pickAll(['codel', 'lstf_codel']);
  await compare.run();
  await app.pause();
  await compare.chart('wait').scrollIntoViewIfNeeded();
  const bar = compare.chart('wait').locator('rect.series').first();
  const box = await bar.boundingBox();
  if (box) await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.getByTestId('compare-results').screenshot({ path: out('compare-codel') });
});

test('presentation size at 1920x1080: the default scenario with large queues and keys', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = await new PlaygroundPage(page).open();
  await page.getByTestId('presentation').click();
  await app.pause();
  await app.seek(120_000_000);
  await page.waitForTimeout(300);
  await page.screenshot({ path: out('presentation') });
});

test('gallery: every scenario of the repository, by folder', async ({ page }) => {
  await new PlaygroundPage(page).open();
  await page.getByTestId('examples').click();
  await expect(page.getByTestId('gallery').getByRole('region').first()).toBeVisible(); // fetched on opening
  await page.screenshot({ path: out('gallery') });
});

test('benchmarks: the bench page after running the UDP set (the default selection)', async ({ page }) => {
  await page.goto('/bench.html');
  await page.getByTestId('bench-run').click();
  await expect(page.getByTestId('bench-status')).toHaveText(/^Done/, { timeout: 120_000 });
  for (const row of await page.locator('[data-testid^="bench-row-"]').all()) {
    console.log((await row.locator('td').allTextContents()).join(' | '));
  }
  await page.screenshot({ path: out('bench') });
});

test('slack set at the ingress: a packet of the new flow in the fairness example, followed', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('ups/objective-fairness-rest-fair-share', 6_000_000);
  const cell = await page.evaluate(() => {
    const t = window.__playground?.trace();
    const q = window.__playground?.drawn()?.queues.find((x) => x.packets.some((pk) => t && t.flow[t.packet.indexOf(pk)] === 20));
    if (!q || !t) return null;
    return q.at[q.packets.findIndex((pk) => t.flow[t.packet.indexOf(pk)] === 20)];
  });
  const box = await app.topology.boundingBox();
  if (cell && box) await page.mouse.click(box.x + cell.x, box.y + cell.y);
  await page.screenshot({ path: out('slack') });
});

test('middlebox: the three-module middlebox (CPU then link), its gauges, utilisation over time and dominant shares', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('middlebox/three-modules', 100_000_000);
  await app.tab('results');
  await page.getByTestId('middlebox-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: out('middlebox') });
});

test('middlebox CPU queue: Fig. 6 at alpha = 0.85, the elephants\' packets waiting for the CPU drawn under the middlebox', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('middlebox/fig6-isolation-alpha-085', 50_000_000);
  await page.waitForTimeout(500);
  await page.screenshot({ path: out('middlebox-cpu-queue') });
});

test('middlebox trade-off: Fig. 1 at alpha = 0.5, dominant shares with the alpha floor line, the alpha slider', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openPaused('middlebox/fig2-drgps');
  await app.tab('results');
  const range = page.getByTestId('alpha-slider').getByRole('slider', { name: 'alpha' });
  await range.focus();
  for (let i = 0; i < 10; i++) await range.press('ArrowLeft');
  await page.getByTestId('alpha-slider').getByText('α = 0.50').waitFor();
  await page.waitForTimeout(1500);
  await page.getByTestId('chart-dominant-shares').scrollIntoViewIfNeeded();
  await page.screenshot({ path: out('middlebox-alpha') });
});

test('programmable-results: the receiver order of PIFO\'s reordered flow, and the four schedulers compared with the gap to PIFO', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await new PlaygroundPage(page).open();
  await app.openExample('programmable/reordering');
  await app.tab('results');
  const card = page.getByTestId('card-receiver-order');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: out('receiver-order') });
  const compare = await ComparePage.open(app, 'compare/programmable');
  await compare.pickAll(['fifo', 'sp_pifo', 'aifo', 'pifo']);
  await compare.run();
  await app.pause();
  await page.screenshot({ path: out('compare-programmable') });
  const gap = page.getByTestId('card-gap');
  await gap.scrollIntoViewIfNeeded();
  await gap.screenshot({ path: out('compare-gap') });
  const order = page.getByTestId('compare-results').getByTestId('card-receiver-order');
  await order.scrollIntoViewIfNeeded();
  await order.screenshot({ path: out('compare-receiver-order') });
});

test('leaf-spine-aifo: FCT by flow size of the leaf-spine web-search run, and FIFO / PIFO / SP-PIFO / AIFO compared', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const app = await new PlaygroundPage(page).open();
  await app.openExample('compare/leaf-spine-aifo');
  await app.tab('results');
  for (const id of ['fct-mean-by-size', 'fct-p99-by-size']) {
    const card = page.getByTestId(`card-${id}`);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: out(`leaf-spine-aifo-${id}`) });
  }
  const compare = await ComparePage.open(app);
  await compare.pickAll(['fifo', 'pifo', 'sp_pifo', 'aifo']);
  await compare.run();
  await app.pause();
  await page.screenshot({ path: out('leaf-spine-aifo-compare') });
  await page.getByTestId('compare-results').screenshot({ path: out('leaf-spine-aifo-compare-charts') });
});

test('sweep: the default scenario\'s load sweep, FIFO against FQ, mean delay with 95% bands', async ({ page }) => {
  test.setTimeout(180_000);
  await new PlaygroundPage(page).open();
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-done')).toBeVisible({ timeout: 150_000 });
  await page.screenshot({ path: out('sweep') });
  await page.getByTestId('card-sweep').screenshot({ path: out('sweep-chart') });
});

test('sweep: AIFO Fig. 7\'s grid opened as a sweep file (cut to 2 ms and one seed here): small flows\' mean FCT against the load, a line per scheduler', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await new PlaygroundPage(page).open();
  await page.getByTestId('tab-sweep').click();
  const url = new URL('../../scenarios/reproductions/aifo-fig7.sweep.json', import.meta.url);
  const spec = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, unknown>;
  spec.base = JSON.parse(readFileSync(fileURLToPath(new URL(String(spec.base), url)), 'utf8')) as unknown;
  spec.set = { ...(spec.set as object), duration: '2ms', 'traffic[0].stop': '2ms' };
  spec.seeds = [1];
  await page.getByTestId('sweep-file').setInputFiles({ name: 'aifo-fig7.sweep.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(spec)) });
  await expect(page.getByTestId('sweep-done')).toBeVisible({ timeout: 580_000 });
  await page.getByTestId('card-sweep').screenshot({ path: out('sweep-aifo-fig7-slice') });
});
