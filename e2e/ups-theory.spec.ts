import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { test } from './support/app';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The overdue count the native CLI prints for a scenario's replay. */
function cliOverdue(scenario: string, replay: string): number {
  const out = execFileSync(process.env.SCHED_CLI ?? 'wasm-core/target/ci/sched-cli', ['run', scenario], { cwd: repoRoot, encoding: 'utf8' });
  const m = new RegExp(`^replay ${replay.replace(/[<>]/g, '\\$&')}: .*; overdue (\\d+) `, 'm').exec(out);
  if (!m) throw new Error(`the CLI printed no "replay ${replay}" line`);
  return Number(m[1]);
}

test.describe.configure({ timeout: 120_000 });

test('UPS Fig. 10: the script as the paper\'s table, then its lesson step at the tie, LSTF leaving c2 one unit late', async ({ app, page }) => {
  await app.openExample('ups-theory/fig10-lstf-three-congestion-points');
  // A scripted schedule opens on the Replay tab with the original's table (App. A.7.3, as reconstructed)
  // and the lessons that walk through it.
  await expect(page.getByTestId('replay-tab')).toBeVisible();
  await expect(page.getByTestId('paper-original-a0')).toHaveText('a(0, 0), b(0, 1)');
  await expect(page.getByTestId('paper-original-a1')).toHaveText('a(1, 1), c1(2, 2), c2(3, 3)');
  await expect(page.getByTestId('paper-original-a2')).toHaveText('d1(2, 2), d2(3, 3), a(2, 4)');
  const link = page.getByTestId('lesson-link-ups-appendix-1');
  await expect(link).toHaveText('UPS appendix I: a priority cycle, three congestion points, step 6');

  // The lesson opens at Fig. 10's first step; three steps on, the tie at a1 in the preemptive
  // LSTF replay (recorded on demand).
  await link.click();
  await expect(page.getByTestId('lesson-step')).toContainText('Fig. 10: the original at a0');
  for (let i = 0; i < 3; i += 1) {
    await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
    await page.getByTestId('lesson-next').click();
  }
  await expect(page.getByTestId('lesson-step')).toContainText('A tie at zero slack');
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('lstf_preemptive');
  await expect(page.getByTestId('replay-title')).toHaveText('Replay (LSTF, preemptive)');
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  expect(await app.playhead()).toBe(3_000);
  await expect(page.getByTestId('lesson-step')).toContainText('The tie goes to the earlier arrival, a');
  await expect(page.getByTestId('guide-callout-replay')).toContainText('a1');
  await expect(page.getByTestId('guide-callout-original')).toHaveCount(0);
  await expect(page.getByTestId('replay-topology').getByTestId('guide-ring')).toHaveAttribute('data-focus', 'a1');
  // a is being sent and c2 waits: both named in the replay view.
  const drawn = (await app.handle('replayDrawn')) as DrawnFrame;
  expect(drawn.focus.map((f) => f.label).sort()).toEqual(['a', 'c2']);
  await expect(page.getByTestId('paper-replay-a1')).toHaveText('c1(2, 2), a(2, 3), c2(3, 4)');
  await expect(page.getByTestId('paper-late-c2')).toHaveText('1');
  await expect(page.getByTestId('paper-late-a')).toHaveText('');
  await expect(app.metric('overdue')).toHaveText(String(cliOverdue('scenarios/ups-theory/fig10-lstf-three-congestion-points.json', 'lstf_preemptive')));
});

test('UPS Fig. 9: a priority order the scenario lists, and A.6\'s priorities from the mode menu, preemptive', async ({ app, page }) => {
  await app.openExample('ups-theory/fig9-priorities-two-congestion-points');
  await page.getByTestId('replay-listed-b<a<c').click();
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('b<a<c');
  await expect(page.getByTestId('replay-title')).toHaveText('Replay (b<a<c: Simple priorities o(p), preemptive)');
  // b before a at a1: a is 0.8 unit late (by hand in the scenario's description).
  await expect(page.getByTestId('paper-late-a')).toHaveText('0.8');
  await expect(app.metric('overdue')).toHaveText('1');

  await page.getByTestId('replay-mode').selectOption('priority_a6');
  await page.getByTestId('replay-preemptive').check();
  await page.getByTestId('replay-run').click();
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('priority_a6_preemptive');
  await expect(page.getByTestId('paper-late-a')).toHaveText('0.8');
});

test('UPS Fig. 8: the same priority replay is on time in one case and late in the other', async ({ app, page }) => {
  const overdueOf = async (example: string) => {
    await app.openExample(`ups-theory/${example}`);
    await page.getByTestId('replay-listed-x-before-a').click();
    await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('x-before-a');
    return (await app.handle('replay'))?.overdue;
  };
  // x before a at a0: case 1 leaves b1, b2, b3 late; case 2 is met.
  expect(await overdueOf('fig8-case1')).toBe(3);
  expect(await overdueOf('fig8-case2')).toBe(0);
  await expect(page.getByTestId('paper-original-a0')).toHaveText('x(0, 0), a(0, 1)');
});

test('the generated schedule LSTF fails (three congestion points): p2 preempts p4 at r2 and p4 ends 0.25 unit late', async ({ app, page }) => {
  await app.openExample('ups-theory/generated-lstf-three-congestion-points');
  await expect(page.getByTestId('paper-original-r4')).toHaveText('p0(0.75, 0.75), p1(1.25, 1.25), p2(2.75, 2.75), p4(3, 3.25)');
  // Its lesson, at the step where p2 preempts p4 at r2 (a link opens it there).
  await page.goto('/#lesson=ups-appendix-2&step=3');
  await expect(page.getByTestId('lesson-step')).toContainText('p2 preempts p4 at r2', { timeout: 60_000 });
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('lstf_preemptive');
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  expect(await app.playhead()).toBe(5_250);
  await expect(page.getByTestId('replay-topology').getByTestId('guide-ring')).toHaveAttribute('data-focus', 'r2');
  // By hand in the scenario's description: p4 leaves at 9 instead of 8.75; p2 is on time.
  await expect(page.getByTestId('paper-late-p4')).toHaveText('0.25');
  await expect(page.getByTestId('paper-late-p2')).toHaveText('');
  await expect(app.metric('overdue')).toHaveText(String(cliOverdue('scenarios/ups-theory/generated-lstf-three-congestion-points.json', 'lstf_preemptive')));
});
