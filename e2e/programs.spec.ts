// Rank and slack programs typed in the page (issue 39): written as programs, SRPT, STFQ, LSTF
// and the class rank give the built-in's trace hash on the AIFO Fig. 2 example and on the
// leaf-spine compare; LAS runs; a malformed program is shown in the editor at its line and
// column; a share link carries the program and reproduces the run.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { PlaygroundPage } from './pages/playground';

const example = (file: string) => readFileSync(`wasm-core/sim/src/program/examples/${file}`, 'utf8');

/** Replaces the editor's text at `path` and commits it (Ctrl-Enter). */
async function typeProgram(page: Page, path: string, text: string): Promise<void> {
  const editor = page.getByTestId(`program-${path}`);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Control+Enter');
}

const RANK = 'topology.nodes[1].scheduler.params.rank';
const PROGRAM = 'topology.nodes[1].scheduler.params.program';

test('Fig. 2: SRPT, STFQ, LSTF and class as programs give the built-ins\' hashes; LAS runs; errors at line and column; a share link reproduces', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await new PlaygroundPage(page).open();
  await app.openExample('programmable/fig2-pifo');
  await app.inspectNode('r');
  const hash = async () => (await app.traceHash.textContent()) ?? '';
  for (const name of ['class', 'srpt', 'stfq', 'lstf']) {
    await app.choose(RANK, name);
    await app.run();
    const builtin = await hash();
    await app.choose(RANK, 'custom');
    await expect(page.getByTestId(`program-${PROGRAM}`)).toBeVisible();
    await page.getByTestId(`program-example-${PROGRAM}`).selectOption(name);
    const last = example(`${name}.rank`).trim().split('\n').pop() ?? '';
    await expect(page.getByTestId(`program-${PROGRAM}`)).toContainText(last);
    await app.run();
    expect(await hash(), name).toBe(builtin);
  }
  // The class program's ranks are what the queue draws: Fig. 2's PIFO keeps 1, 1, 2, 2.
  await app.choose(RANK, 'class');
  await app.run();
  // LAS, typed: runs, and its ranks (bytes attained) are drawn in bytes.
  await app.choose(RANK, 'custom');
  await typeProgram(page, PROGRAM, example('las.rank'));
  await app.run();
  const las = await hash();
  await page.screenshot({ path: 'test-results/programs-las.png' });
  // A malformed program: the editor shows the core's error at line 3, column 9, with a marker.
  await typeProgram(page, PROGRAM, 'flow f = 0B\nf = f + size\nrank f +');
  await app.runButton.click();
  const error = page.getByTestId(`program-error-${PROGRAM}`);
  await expect(error).toContainText('line 3, column 9: expected an expression');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/programs-error.png' });
  // Back to LAS; the share link carries the program and reproduces the run.
  await typeProgram(page, PROGRAM, example('las.rank'));
  await app.run();
  expect(await hash()).toBe(las);
  // An exported scenario carries the program's text.
  const exported = JSON.parse((await app.exportFile()).text) as { topology: { nodes: { scheduler?: { params?: { program?: string } } }[] } };
  expect(exported.topology.nodes[1]?.scheduler?.params?.program).toBe(example('las.rank'));
  const link = await app.share();
  const other = await new PlaygroundPage(await page.context().newPage()).open(link);
  await expect(other.traceHash).toHaveText(las);
  expect(app.consoleErrors).toEqual([]);
  expect(other.consoleErrors).toEqual([]);
});

test('leaf-spine compare: SRPT and STFQ written as programs give the built-ins\' hashes; LSTF and LAS run beside them', async ({ page }) => {
  test.setTimeout(400_000);
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'compare/leaf-spine-aifo');
  const setRows = async (rows: readonly (readonly [string, boolean])[]) => {
    for (const [i, [name, program]] of rows.entries()) {
      await compare.pick(i, 'pifo');
      await app.choose(`compare[${i}].scheduler.params.rank`, program ? 'custom' : name);
      if (program) await page.getByTestId(`program-example-compare[${i}].scheduler.params.program`).selectOption(name);
    }
  };
  await setRows([['srpt', false], ['srpt', true], ['stfq', false], ['stfq', true]]);
  await page.screenshot({ path: 'test-results/programs-compare-setup.png', fullPage: true });
  let info = await compare.run();
  expect(info.hashes).toHaveLength(4);
  expect(info.hashes[1]).toBe(info.hashes[0]);
  expect(info.hashes[3]).toBe(info.hashes[2]);
  expect(info.hashes[2]).not.toBe(info.hashes[0]);
  await page.screenshot({ path: 'test-results/programs-compare.png' });
  // LSTF and LAS.
  await compare.backToEditor();
  await setRows([['lstf', false], ['lstf', true], ['las', true]]);
  info = await compare.run();
  expect(info.hashes[1]).toBe(info.hashes[0]);
  expect(info.hashes[2]).not.toBe(info.hashes[0]);
  expect(app.consoleErrors).toEqual([]);
});

test('a slack program in the compare view: the fairness rule written as a program gives the built-in rule\'s run', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await new PlaygroundPage(page).open();
  const compare = await ComparePage.open(app, 'ups/objective-fairness-rest-fair-share');
  await compare.pickAll(['lstf', 'lstf']);
  for (const i of [0, 1]) await page.getByTestId(`compare-objective-${i}`).locator('summary').click();
  // Row 0: the built-in rule at r_est 50 Mbps; row 1: the fair.slack example (r_est 50 Mbps).
  await page.getByTestId('compare-slack-0').selectOption('fair');
  await page.getByTestId('compare-slack-1').selectOption('program');
  const path = 'compare[1].slack.default.program';
  await expect(page.getByTestId(`program-${path}`)).toContainText('slack own');
  // A malformed program first: the compare names it in the editor, at its line and column.
  await typeProgram(page, path, 'slack 1s +');
  await compare.runButton.click();
  await expect(page.getByTestId(`program-error-${path}`)).toContainText('line 1, column 11: expected an expression', { timeout: 60_000 });
  await page.getByTestId(`program-example-${path}`).selectOption('fair');
  await page.screenshot({ path: 'test-results/programs-slack.png' });
  const info = await compare.run();
  expect(info.hashes[1]).toBe(info.hashes[0]);
  expect(app.consoleErrors).toEqual([]);
});
