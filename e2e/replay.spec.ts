import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { csvField } from '../web/src/view/summary';
import { test } from './support/app';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What the native CLI prints for a replay mode: overdue count and overdue by more than T. */
function cliReplay(scenario: string, mode: string): { overdue: number; byT: number } {
  let out: string;
  try {
    out = execFileSync(process.env.SCHED_CLI ?? 'wasm-core/target/ci/sched-cli', ['run', scenario], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (err) {
    // The CLI exits 1 when a check fails; its report is still on stdout.
    const stdout = (err as { stdout?: string | Buffer }).stdout;
    out = typeof stdout === 'string' ? stdout : (stdout?.toString('utf8') ?? '');
  }
  const m = new RegExp(`^replay ${mode}: .*; overdue (\\d+) \\([\\d.]+\\), by more than T = \\d+ ns: (\\d+) `, 'm').exec(out);
  if (!m) throw new Error(`the CLI printed no "replay ${mode}" line`);
  return { overdue: Number(m[1]), byT: Number(m[2]) };
}

test.describe.configure({ timeout: 180_000 });

test('the UPS default scenario from the gallery, replayed with LSTF: Table 1 as the CLI says, overdue packets in red', async ({ app, page }) => {
  await app.openExample('ups/default-random');
  await expect(page.getByTestId('scenario-name')).toContainText('UPS Table 1 default');
  await app.pause();

  await app.recordReplay('lstf');
  await expect(page.getByTestId('original-title')).toHaveText('Original (Random order)');
  await expect(page.getByTestId('replay-title')).toHaveText('Replay (LSTF)');
  await expect(page.getByTestId('replay-topology')).toBeVisible();
  await expect(app.topology).toBeVisible();

  const cli = cliReplay('scenarios/ups/default-random.json', 'lstf');
  expect(cli.overdue).toBeGreaterThan(0);
  await expect(app.metric('overdue')).toHaveText(cli.overdue.toLocaleString('en'));
  await expect(app.metric('overdue-by-t')).toHaveText(cli.byT.toLocaleString('en'));
  const packets = Number((await app.metric('packets').textContent())?.replace(/,/g, ''));
  await expect(app.metric('overdue', 'fraction')).toHaveText(`${((cli.overdue / packets) * 100).toFixed(2)}%`);
  await expect(page.getByTestId('overdue-count')).toHaveText(cli.overdue.toLocaleString('en'));
  // The table saves as CSV, with the numbers as the page shows them.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-replay').click()]);
  expect(download.suggestedFilename()).toMatch(/-replay-lstf\.csv$/);
  const file = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  // Where it came from first ("# " lines: the scenario, seed, trace hash, date, the scenario text).
  expect(file).toContain(`# run: random, trace hash ${await app.traceHash.textContent()}`);
  const csv = file.filter((l) => !l.startsWith('#'));
  expect(csv[0]).toBe('metric,value,fraction');
  expect(csv).toContain(['overdue', cli.overdue.toLocaleString('en'), `${((cli.overdue / packets) * 100).toFixed(2)}%`].map(csvField).join(','));
  // The report lists the first 2000; LSTF keys carry the slack, so the page marks every overdue packet.
  expect((await app.handle('replay'))?.marked).toBe(cli.overdue);

  // The first overdue packet: the playhead goes to the moment it went wrong; it is red there.
  const info = await app.handle('replay');
  const first = info?.first;
  if (!first) throw new Error('no overdue packet listed');
  await app.overdueRow(0).click();
  await expect.poll(() => app.playhead()).toBe(first.atNs);
  await expect.poll(async () => ((await app.handle('replayDrawn')) as DrawnFrame).red).toContain(first.replayId);
  const drawn = (await app.handle('replayDrawn')) as DrawnFrame;
  expect(drawn.rings).toContainEqual({ packet: first.replayId, port: first.port });
  expect((await app.handle('replay'))?.followed).toBe(first.replayId);
  await expect(page.getByTestId('replay-follow')).toContainText(`Replay packet ${first.replayId}`);
  // One event back in the original: the replay is sought just before, where the packet is not red yet.
  await app.stepBack();
  const before = await app.playhead();
  if (before < first.atNs) {
    expect(((await app.handle('replayDrawn')) as DrawnFrame).red).not.toContain(first.replayId);
  }

  // The omniscient header leaves no packet overdue.
  await app.recordReplay('omniscient');
  await expect(page.getByTestId('replay-title')).toHaveText('Replay (Omniscient header)');
  await expect(app.metric('overdue')).toHaveText('0');
  await expect(page.getByTestId('overdue-empty')).toBeVisible();
  expect((await app.handle('replay'))?.listed).toBe(0);

  // Close: back to one view.
  await page.getByTestId('replay-close').click();
  await expect(page.getByTestId('side-by-side')).toHaveCount(0);
});

test('the gallery lists every scenario folder; a choice is undoable', async ({ app, page }) => {
  const before = await page.getByTestId('scenario-name').textContent();
  await page.getByTestId('examples').click();
  const gallery = page.getByTestId('gallery');
  // The gallery's index is fetched when Examples… is first opened: wait for it, then count.
  await expect(gallery.getByRole('region').first()).toBeVisible();
  expect(await gallery.getByRole('region').count()).toBeGreaterThanOrEqual(3);
  await expect(gallery).toContainText('scenarios/presets/');
  await expect(gallery).toContainText('scenarios/ups/');
  await expect(gallery.getByTestId('example-ups/default-random')).toContainText('UPS Table 1 default');
  await page.getByTestId('examples').click();
  await app.openExample('presets/dumbbell');
  await expect(page.getByTestId('scenario-name')).not.toHaveText(before ?? '');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('scenario-name')).toHaveText(before ?? '');
});
