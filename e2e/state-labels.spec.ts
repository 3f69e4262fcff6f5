// The ports' state labels on the stage (issue 38): WFQ's default example and the leaf-spine AIFO
// comparison (16 AIFO, then SP-PIFO ports in small panels), at 1366x768 and at 1920x1080 with
// Presentation on. Every label drawn lies inside its stage and over no other label; a label cut
// to fit gives its full text to the pointer (the stage's title).
import { expect, type Locator } from '@playwright/test';
import { test } from './support/app';
import type { PlaygroundPage } from './pages/playground';
import { ComparePage } from './pages/compare';
import type { DrawnFrame, DrawnLabel } from '../web/src/view/packetLayer';

/** Every label inside a w x h stage, no two overlapping. */
function checkLabels(labels: readonly DrawnLabel[], w: number, h: number, where: string): void {
  for (const [i, a] of labels.entries()) {
    const b = a.box;
    expect(b.x, `${where}: port ${a.port}'s label left edge`).toBeGreaterThanOrEqual(0);
    expect(b.y, `${where}: port ${a.port}'s label top`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.w, `${where}: port ${a.port}'s label right edge`).toBeLessThanOrEqual(w);
    expect(b.y + b.h, `${where}: port ${a.port}'s label bottom`).toBeLessThanOrEqual(h);
    for (const o of labels.slice(i + 1)) {
      const c = o.box;
      const overlap = b.x < c.x + c.w && c.x < b.x + b.w && b.y < c.y + c.h && c.y < b.y + b.h;
      expect(overlap, `${where}: ports ${a.port} and ${o.port}'s labels overlap`).toBe(false);
    }
  }
}

async function size(stage: Locator): Promise<{ width: number; height: number; x: number; y: number }> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('stage not drawn');
  return box;
}

/** The leaf-spine comparison, paused at 20 ms of traffic (every AIFO port busy). */
async function leafSpine(app: PlaygroundPage): Promise<ComparePage> {
  const compare = await ComparePage.open(app, 'compare/leaf-spine-aifo');
  const info = await compare.run();
  expect(info.labels).toEqual(['FIFO', 'PIFO', 'SP-PIFO', 'AIFO (k=0.1)']);
  await app.pause();
  await app.seek(20_000_000);
  return compare;
}

for (const [w, h, presentation] of [[1366, 768, false], [1920, 1080, true]] as const) {
  test(`${w}x${h}${presentation ? ', Presentation on' : ''}: WFQ's and the leaf-spine AIFO and SP-PIFO labels stay inside their stage, none over another`, async ({ app, page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: w, height: h });
    if (presentation) await page.getByTestId('presentation').click();
    await app.openPaused('fq/wfq-equal-weights', 400_000_000);
    await expect.poll(async () => (await app.drawn()).stateLabels.length).toBe(1);
    const main = await size(app.topology);
    const wfq = (await app.drawn()).stateLabels;
    checkLabels(wfq, main.width, main.height, 'WFQ');
    expect(wfq[0]?.lines[0]).toMatch(/^WFQ: virtual time V = /);

    await leafSpine(app);
    for (const [i, many] of [[2, 4], [3, 4]] as const) {
      const stage = await size(page.getByTestId(`compare-topology-${i}`));
      let labels: readonly DrawnLabel[] = [];
      await expect.poll(async () => {
        labels = ((await app.page.evaluate((n) => window.__playground?.compareDrawn(n), i)) as DrawnFrame | null)?.stateLabels ?? [];
        return labels.length;
      }).toBeGreaterThanOrEqual(many);
      checkLabels(labels, stage.width, stage.height, `panel ${i}`);
    }
  });
}

test('a label cut to fit gives its full text to the pointer', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await leafSpine(app);
  const svg = page.getByTestId('compare-topology-3');
  let cut: DrawnLabel | undefined;
  await expect.poll(async () => {
    const drawn = (await page.evaluate(() => window.__playground?.compareDrawn(3))) as DrawnFrame | null;
    cut = drawn?.stateLabels.find((l) => l.cut && l.full.length > 1);
    return cut !== undefined;
  }).toBe(true);
  if (!cut) return;
  // An AIFO label: c against C, the admission threshold, the last arrival.
  expect(cut.full[0]).toMatch(/^AIFO: c = \d+ of C = 20$/);
  const stage = await size(svg);
  await page.mouse.move(stage.x + cut.box.x + cut.box.w / 2, stage.y + cut.box.y + cut.box.h / 2);
  await expect(svg.locator('..')).toHaveAttribute('title', cut.full.join('\n'));
  await page.mouse.move(stage.x + 2, stage.y + stage.height - 2);
  await expect(svg.locator('..')).not.toHaveAttribute('title', /AIFO/);
});

test('a roomy drawing (the H-FSC example at 1366x768): its state label, queue column and count cover no node', async ({ app, page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // At 1 s the port r -> d holds 59 packets: three columns side by side at their spot would reach d.
  await app.openPaused('curves/hfsc-link-sharing', 1_000_000_000);
  await expect.poll(async () => (await app.drawn()).stateLabels.length).toBe(1);
  const stage = await size(app.topology);
  const shapes = await app.topology.locator('[data-node] circle, [data-node] rect').evaluateAll((els) =>
    els.map((e) => ({ node: e.closest('[data-node]')?.getAttribute('data-node') ?? '?', box: e.getBoundingClientRect().toJSON() as DOMRect })));
  expect(shapes.length).toBeGreaterThanOrEqual(6);
  const drawn = await app.drawn();
  const boxes = [
    ...drawn.stateLabels.map((l) => ({ what: `port ${l.port}'s state label`, box: l.box })),
    ...drawn.queues.flatMap((q) => [{ what: `port ${q.port}'s column`, box: q.box }, ...(q.count ? [{ what: `port ${q.port}'s count`, box: q.count }] : [])]),
  ];
  expect(drawn.queues.length).toBeGreaterThan(0);
  for (const { what, box: b } of boxes) {
    for (const { node, box: n } of shapes) {
      const x = n.x - stage.x;
      const y = n.y - stage.y;
      const overlap = b.x < x + n.width && x < b.x + b.w && b.y < y + n.height && y < b.y + b.h;
      expect(overlap, `${what} (${JSON.stringify(b)}) over node ${node}`).toBe(false);
    }
  }
  // The label keeps every line (cut to a middling width where the whole did not fit).
  expect(drawn.stateLabels[0]?.lines.length).toBe(drawn.stateLabels[0]?.full.length);
});
