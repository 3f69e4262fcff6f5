// Active queue management in the page: CoDel's state at its port and its drops flashing apart
// from buffer drops; ECN marks flashing; LSTFCoDel's epsilon on each queued packet and gamma at
// the port; RED's average and thresholds. The instants are read from the trace the core wrote.
import { expect, test } from '@playwright/test';
import { DROP_REASONS, EventKind, MARK_REASONS } from '../web/src/sim/types';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { PlaygroundPage } from './pages/playground';

/** The port from node `from` to node `to`. */
async function portIndex(app: PlaygroundPage, from: string, to: string): Promise<number> {
  const ports = (await app.handle('ports')) ?? [];
  const i = ports.findIndex((p) => p.node === from && p.to === to);
  expect(i).toBeGreaterThanOrEqual(0);
  return i;
}

/**
 * The first event of `kind` at `port` whose value satisfies `ok` (`min`: a smallest value,
 * `mod`: compared modulo 256), found in the page: its time and packet.
 */
async function firstEvent(app: PlaygroundPage, kind: number, port: number, value?: { mod256: number }) {
  const found = await app.page.evaluate(([k, p, want]) => {
    const t = window.__playground?.trace();
    if (!t) return null;
    for (let i = 0; i < t.kind.length; i++) {
      if (t.kind[i] === k && t.loc[i] === p && (want < 0 || (t.value[i] as number) % 256 === want)) {
        return { time: t.time[i] as number, packet: t.packet[i] as number };
      }
    }
    return null;
  }, [kind, port, value?.mod256 ?? -1] as const);
  if (!found) throw new Error(`no such event at port ${port}`);
  return found;
}

test('CoDel: its state at the bottleneck, and its drops flash as AQM drops', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openExample('aqm/bufferbloat');
  await app.pause();
  const port = await portIndex(app, 'a', 'b');
  const aqm = DROP_REASONS.indexOf('aqm');
  const drop = await firstEvent(app, EventKind.Drop, port, { mod256: aqm });
  await page.evaluate((at) => window.__playground?.seek(at), drop.time);
  const drawn = (await app.handle('drawn')) as DrawnFrame;
  expect(drawn.drops).toContainEqual({ packet: drop.packet, port, reason: 'AQM drop' });
  await app.tab('inspect');
  await app.clickLink(4);
  // The first drop is the one that enters the dropping state.
  await expect(page.getByTestId('state-a-b-dropping')).toHaveText('yes');
  await expect(page.getByTestId('state-a-b-count')).toHaveText(/^\d+ pkt$/);
  await expect(page.getByTestId('state-a-b-target')).toHaveText('5 ms');
  await expect(page.getByTestId('port-state-a-b')).toContainText('time until its wait reaches target');
  await page.screenshot({ path: test.info().outputPath('codel-dropping.png') });
  expect(app.consoleErrors).toEqual([]);
});

test('ECN marks flash at the port with their reason', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openExample('tcp/dctcp-marking');
  await app.pause();
  const port = await portIndex(app, 'sw', 'dst');
  const mark = await firstEvent(app, EventKind.Mark, port);
  await page.evaluate((at) => window.__playground?.seek(at), mark.time);
  const drawn = (await app.handle('drawn')) as DrawnFrame;
  expect(MARK_REASONS[0]).toBe('ecn_threshold');
  expect(drawn.ecnMarks).toContainEqual({ packet: mark.packet, port, reason: 'ECN mark: queue above threshold' });
  expect(drawn.drops.map((d) => d.packet)).not.toContain(mark.packet);
  expect(app.consoleErrors).toEqual([]);
});

test('LSTFCoDel: each queued packet shows its epsilon, the port its gamma', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openExample('aqm/lstf-codel');
  await app.pause();
  const port = await portIndex(app, 'router_a', 'server_a');
  // The first time two packets are queued at the router's port (the CBR has started).
  const queued = await firstEvent(app, EventKind.Enqueue, port);
  let drawn: DrawnFrame | null = null;
  for (let t = queued.time; t < queued.time + 60e9; t += 50e6) {
    await page.evaluate((at) => window.__playground?.seek(at), t);
    drawn = (await app.handle('drawn')) as DrawnFrame;
    if ((drawn.queues.find((q) => q.port === port)?.packets.length ?? 0) >= 2) break;
  }
  const keys = drawn?.queues.find((q) => q.port === port)?.keys ?? [];
  expect(keys.length).toBeGreaterThanOrEqual(2);
  // epsilon = 1/(1 + gamma) in (0, 1], or 0 before any delay was seen.
  for (const k of keys) expect(k).toMatch(/^(0|0\.\d+|1)$/);
  await app.tab('inspect');
  await app.clickLink(2);
  await expect(page.getByTestId('state-router_a-server_a-gamma')).toHaveText(/^\d+(\.\d+)? (ns|µs|ms|s)$/);
  await expect(page.getByTestId('state-router_a-server_a-epsilon now')).toHaveText(/^(0|0\.\d+|1)$/);
  await page.screenshot({ path: test.info().outputPath('lstf-codel.png') });
  expect(app.consoleErrors).toEqual([]);
});

test('RED: the average queue and the thresholds at the port', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  await app.openExample('aqm/bufferbloat');
  await app.tab('inspect');
  await app.node('a').click();
  await app.choose('topology.nodes[4].scheduler', 'red');
  await app.run();
  await app.pause();
  const port = await portIndex(app, 'a', 'b');
  const aqm = DROP_REASONS.indexOf('aqm');
  const drop = await firstEvent(app, EventKind.Drop, port, { mod256: aqm });
  await page.evaluate((at) => window.__playground?.seek(at), drop.time);
  await app.tab('inspect');
  await app.clickLink(4);
  await expect(page.getByTestId('state-a-b-min threshold')).toHaveText('5 pkt');
  await expect(page.getByTestId('state-a-b-max threshold')).toHaveText('15 pkt');
  // RED dropped early: its average was at least min_th.
  const avg = await page.getByTestId('state-a-b-average queue').textContent();
  expect(Number(avg?.replace(' pkt', ''))).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: test.info().outputPath('red.png') });
  expect(app.consoleErrors).toEqual([]);
});
