// The page as a class meets it (issue 21). Dense drawings keep their queue columns apart:
// in leaf-spine at 1366x768 (nine leaves, four spines, 144 servers) and Internet2, no two queue
// columns share a pixel and no queue count is written over another port's column or a router's
// name, at every one of several busy moments. Their single workload's flows make one FCT line, not two. At 800 px
// wide, the compare view's panel titles sit above the drawings, over no node.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeScenarioHash } from '../web/src/share/link';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { ComparePage } from './pages/compare';
import { PlaygroundPage } from './pages/playground';

type Box = { x: number; y: number; w: number; h: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y;

/** What overlaps in the frame drawn now, in words (empty: nothing); `names`: the routers' names drawn, in canvas px. */
function overlaps(drawn: DrawnFrame, names: readonly (Box & { name: string })[]): string[] {
  const out: string[] = [];
  for (const a of drawn.queues) {
    for (const n of names) if (a.count && overlap(a.count, n)) out.push(`port ${a.port}'s count over ${n.name}'s name`);
  }
  for (const [i, a] of drawn.queues.entries()) {
    for (const [j, b] of drawn.queues.entries()) {
      if (i === j) continue;
      if (j > i && overlap(a.box, b.box)) out.push(`port ${a.port}'s column over port ${b.port}'s`);
      if (a.count && overlap(a.count, b.box)) out.push(`port ${a.port}'s count over port ${b.port}'s column`);
    }
  }
  return out;
}

/** Seeks to `fractions` of the trace; at each, what overlaps, and how many columns were drawn. */
async function check(app: PlaygroundPage, fractions: readonly number[]): Promise<{ problems: string[]; columns: number }> {
  const end = (await app.handle('traceExtent'))?.endNs ?? 0;
  const problems: string[] = [];
  let columns = 0;
  for (const f of fractions) {
    await app.seek(end * f);
    const drawn = await app.drawn();
    // The dense drawing's router names (SVG text beside the nodes), in the canvas's px.
    const names = await app.page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="topology"] ~ canvas.topology-canvas')?.getBoundingClientRect();
      if (!canvas) return [];
      return [...document.querySelectorAll('[data-testid="topology"] [data-node] .node-label.small:not(.host)')].flatMap((t) => {
        const r = t.getBoundingClientRect();
        return r.width > 0 ? [{ name: t.textContent, x: r.left - canvas.left, y: r.top - canvas.top, w: r.width, h: r.height }] : [];
      });
    });
    expect(names.length).toBeGreaterThan(0);
    columns = Math.max(columns, drawn.queues.length);
    problems.push(...overlaps(drawn, names).map((p) => `at ${f} of the run: ${p}`));
  }
  return { problems, columns };
}

/** A preset example, cut short (its queues build within the first part of the run). */
function example(file: string, duration: string): object {
  const text = readFileSync(fileURLToPath(new URL(`../scenarios/presets/${file}.json`, import.meta.url)), 'utf8');
  return { ...(JSON.parse(text) as object), duration };
}

const EXAMPLES = [['leaf-spine', example('leaf_spine', '2.5ms')], ['Internet2', example('internet2', '80ms')]] as const;

for (const [name, scenario] of EXAMPLES) {
  test(`dense drawings: queue columns and their counts never overlap another column (${name} at 1366x768)`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const app = await new PlaygroundPage(page).open(encodeScenarioHash(JSON.stringify(scenario)));
    await app.pause();
    const { problems, columns } = await check(app, [0.3, 0.5, 0.7, 0.85]);
    // Busy moments: many columns side by side.
    expect(columns).toBeGreaterThan(6);
    expect(problems).toEqual([]);

    // One workload (one group of the flow table): its FCT line is every flow's; drawn once.
    await app.tab('results');
    const card = page.getByTestId('card-fct-cdf');
    await expect.poll(() => card.locator('.legend-item text').allTextContents()).toEqual(['workload w']);
    await expect(card.locator('path.series')).toHaveCount(1);
    expect(app.consoleErrors).toEqual([]);
  });
}

test('at 800 px wide, the compare view\'s panel titles cover no node', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'compare/web-search');
  await compare.pick(2, 'lstf');
  await compare.run();
  // Three panels, two to a row: short ones, their first hosts near the top.
  const covered = await page.evaluate(() => [0, 1, 2].flatMap((i) => {
    const t = document.querySelector(`[data-testid="compare-title-${i}"]`)?.getBoundingClientRect();
    if (!t) return [`no title ${i}`];
    return [...document.querySelectorAll(`[data-testid="compare-topology-${i}"] [data-node]`)].flatMap((n) => {
      const r = n.getBoundingClientRect();
      return r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top ? [`panel ${i}: ${n.getAttribute('data-node') ?? ''}`] : [];
    });
  }));
  expect(covered).toEqual([]);
  expect(app.consoleErrors).toEqual([]);
});
