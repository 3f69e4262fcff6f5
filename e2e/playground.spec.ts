import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { encodeScenarioHash } from '../web/src/share/link';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const defaultScenario = readFileSync(`${repoRoot}scenarios/default.json`, 'utf8');

test('the page opens on the default scenario, draws it and plays it', async ({ app, page }) => {

  // The network: five nodes, four links, labelled by id.
  await expect(app.topology.locator('.node')).toHaveCount(5);
  await expect(app.topology.locator('.link')).toHaveCount(4);
  for (const id of ['h1', 'h2', 'h3', 'r1', 'dst']) {
    await expect(app.topology.getByText(id, { exact: true })).toBeVisible();
  }
  await expect(app.traceHash).toHaveText(/^[0-9a-f]{32}$/);
  await expect(page.getByTestId('total-sent')).toHaveText(/^[1-9]\d*$/);

  // It plays by itself, and the queue chart grows.
  expect(await app.isPlaying()).toBe(true);
  await expect.poll(() => app.handle('chartPointCount'), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await app.playhead()).toBeGreaterThan(0);
});

test('a shared link reproduces the run, with the same trace hash as the native CLI', async ({ page, context }) => {
  const app = await new PlaygroundPage(page).open();
  const hash = await app.traceHash.textContent();
  const link = await app.share();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#v1\.[A-Za-z0-9_-]+$/);

  const other = await new PlaygroundPage(await context.newPage()).open(link);
  await expect(other.traceHash).toHaveText(hash ?? '');
  await expect(other.errorMessage).toHaveCount(0);
  expect(other.consoleErrors).toEqual([]);

  const cli = process.env.SCHED_CLI ?? 'wasm-core/target/ci/sched-cli';
  const stdout = execFileSync(cli, ['run', 'scenarios/default.json'], { cwd: repoRoot, encoding: 'utf8' });
  const native = /^trace hash: ([0-9a-f]{32})$/m.exec(stdout)?.[1];
  expect(native, 'the CLI prints "trace hash: <32 hex>"').toBeDefined();
  expect(hash).toBe(native);
});

test.describe('a bad link shows why and leaves the default scenario running', () => {
  const invalid = JSON.parse(defaultScenario) as { topology: { links: { bandwidth: string }[] } };
  const firstLink = invalid.topology.links[0];
  if (firstLink) firstLink.bandwidth = 'fast';

  const cases: [string, string, RegExp][] = [
    ['not base64url', '#v1.@@@', /not base64url/],
    ['another format version', '#v9.abc', /version 9/],
    ['an invalid scenario', encodeScenarioHash(JSON.stringify(invalid)), /bandwidth/],
  ];

  for (const [name, hash, expected] of cases) {
    test(name, async ({ page }) => {
      const app = await new PlaygroundPage(page).open(hash);
      await expect(app.errorMessage).toHaveText(expected);
      await expect(app.errorMessage).toContainText('default scenario');
      await expect(app.topology.locator('.node')).toHaveCount(5);

      // Still usable: pause holds the playhead, play moves it on.
      await app.pause();
      const paused = await app.playhead();
      await page.waitForTimeout(300);
      expect(await app.playhead()).toBe(paused);
      await app.play();
      await expect.poll(() => app.playhead()).toBeGreaterThan(paused);

      await app.dismissError();
      await expect(app.errorMessage).toHaveCount(0);
      expect(app.consoleErrors).toEqual([]);
    });
  }
});

test('play, pause, step, step back, speed and scrub move the playhead as expected', async ({ app, page }) => {

  await app.pause();
  const t0 = await app.playhead();
  await page.waitForTimeout(400);
  expect(await app.playhead()).toBe(t0);

  // Step: one event forward, never backwards in time, and the event is described.
  await app.step();
  const t1 = await app.playhead();
  expect(t1).toBeGreaterThanOrEqual(t0);
  await expect(app.lastEvent).toHaveText(/^#\d+ /);
  const described = await app.lastEvent.textContent();
  await app.step();
  await expect(app.lastEvent).not.toHaveText(described ?? '');
  await app.stepBack();
  await expect(app.lastEvent).toHaveText(described ?? '');
  expect(await app.playhead()).toBe(t1);

  // Scrub to the middle of the run.
  await app.scrub.fill('100000000');
  expect(await app.playhead()).toBeCloseTo(100e6, -5);
  await expect(app.time).toContainText('100.0');

  // Speed: 8x covers much more simulated time per second than 1x.
  const advance = async () => {
    await app.scrub.fill('20000000');
    await app.play();
    const start = await app.playhead();
    await page.waitForTimeout(1000);
    const moved = (await app.playhead()) - start;
    await app.pause();
    return moved;
  };
  await app.setSpeed('10 ms/s');
  const slow = await advance();
  await app.setSpeed('80 ms/s');
  const fast = await advance();
  expect(slow).toBeGreaterThan(0);
  expect(fast).toBeGreaterThan(3 * slow);
});
