// An example made for the Compare tab (its `compare` field) opens with its comparison set up.
import { expect } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { test } from './support/app';
import { goldens } from './support/goldens';

const SCENARIO = 'compare/programmable';
/** The file's `compare`: FIFO, SP-PIFO, AIFO and PIFO on every router. */
const SCHEDULERS = ['fifo', 'sp_pifo', 'aifo', 'pifo'];

test.describe.configure({ timeout: 240_000 });

test('an example made for the Compare tab sets it up with its schedulers; Compare runs them', async ({ app, page }) => {
  await app.openExample(SCENARIO);
  await expect(app.notice).toContainText('The Compare tab is set up with the comparison it is made for: FIFO, SP-PIFO, AIFO, PIFO.');
  const compare = await ComparePage.open(app);
  await expect(page.getByTestId('compare-scenario-note')).toContainText('Set up with the comparison this scenario is made for');
  await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(SCHEDULERS.length);
  for (const [i, name] of SCHEDULERS.entries()) {
    await expect(page.getByTestId(`field-compare[${i}].scheduler`)).toHaveValue(name);
    await expect(page.getByTestId(`compare-where-${i}`)).toHaveValue('every');
  }
  await expect(compare.runButton).toHaveText('Compare 4 schedulers');
  await page.screenshot({ path: 'test-results/shots/compare-example.png' });

  // A changed setup is told apart, and the file's comparison comes back with one click.
  await compare.pick(1, 'sjf');
  await expect(page.getByTestId('compare-scenario-note')).toContainText('This scenario is made for a comparison of FIFO, SP-PIFO, AIFO, PIFO.');
  await page.getByTestId('compare-use-scenario').click();
  await expect(page.getByTestId(`field-compare[1].scheduler`)).toHaveValue('sp_pifo');

  // Each run is the scenario with every router on the file's scheduler: its trace hash is the
  // golden one the native core computes for that scheduler's `versus` run.
  const info = await compare.run();
  const golden = goldens(SCENARIO);
  expect(info.hashes).toEqual(SCHEDULERS.map((s) => golden.versus[s]));
  expect(info.hashes[0]).toBe(golden.run);
});
