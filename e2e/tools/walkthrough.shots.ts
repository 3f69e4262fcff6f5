// Issue 38's walkthroughs, as a student and a researcher meet the page, with a screenshot at
// each step (SHOTS_DIR, default test-results/walkthrough); the teacher's long run is
// longrun.shots.ts. Not a test: npx playwright test -c playwright.tools.config.ts walkthrough.shots
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ComparePage } from '../pages/compare';
import { PlaygroundPage } from '../pages/playground';

const dir = process.env.SHOTS_DIR ?? 'test-results/walkthrough';
const R1 = 'topology.nodes[3].scheduler';

test.beforeAll(() => mkdirSync(dir, { recursive: true }));
test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1366, height: 768 }));

test('student: FIFO -> LSTF and FIFO -> FQ on the default scenario', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  const shot = (name: string) => page.screenshot({ path: `${dir}/student-${name}.png` });
  await shot('0-default');
  await app.tab('inspect');
  await app.node('r1').click();
  await app.choose(R1, 'lstf');
  await expect(page.getByTestId('slack-hint')).toBeVisible();
  await shot('1-lstf-hint');
  await page.getByTestId('slack-rule-flow_size').click();
  await app.run();
  await app.pause();
  await shot('2-lstf-run');
  await app.tab('results');
  await shot('3-lstf-results');
  await app.tab('inspect');
  await app.node('r1').click();
  await app.choose(R1, 'fq');
  await expect(page.getByTestId('buffer-hint')).toBeVisible();
  await shot('4-fq-hint');
  await page.getByTestId('buffer-longest').click();
  await app.run();
  await app.pause();
  await app.tab('results');
  await shot('5-fq-results');
});

test('researcher: leaf-spine compare, share and export', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  const shot = (name: string) => page.screenshot({ path: `${dir}/researcher-${name}.png` });
  const scenario = JSON.parse(readFileSync('scenarios/presets/leaf_spine.json', 'utf8')) as object;
  await app.importFile('leaf-spine.json', JSON.stringify({ ...scenario, duration: '5ms' }));
  await app.waitForRun();
  await app.pause();
  await shot('0-leaf-spine');
  await app.tab('results');
  await shot('1-results');
  const compare = await ComparePage.open(app);
  await compare.pickAll(['fifo', 'sjf', 'lstf']);
  await shot('2-compare-tab');
  await compare.run();
  await app.pause();
  await shot('3-compare-view');
  await page.mouse.wheel(0, 900);
  await shot('4-compare-charts');
  const summary = await compare.exportSummary();
  console.log(`summary CSV ${summary.name}: ${summary.bytes.toString('utf8').split('\n').slice(0, 8).join(' | ')}`);
  const chart = await compare.exportChart('fct-cdf', 'svg');
  console.log(`chart SVG ${chart.name}: ${/<metadata[\s\S]*?<\/metadata>/.exec(chart.bytes.toString('utf8'))?.[0].slice(0, 400) ?? 'no metadata'}`);
  await compare.backToEditor();
  const link = await app.share();
  console.log(`share link: ${link.length} characters`);
  await shot('5-share');
});
