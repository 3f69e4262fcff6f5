// Active queue management in the page: CoDel's state at its port and its drops flashing apart
// from buffer drops; ECN marks flashing; LSTFCoDel's epsilon on each queued packet and gamma at
// the port; RED's average and thresholds. The instants are read from the trace the core wrote.
import { expect } from '@playwright/test';
import { DROP_REASONS, EventKind, MARK_REASONS } from '../web/src/sim/types';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

/**
 * The first event of `kind` at `port` (with the value `mod256` modulo 256 when given), found in
 * the page: its time and packet.
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

/** Moves the playhead to that first event; returns it. */
async function seekToFirst(app: PlaygroundPage, kind: number, port: number, value?: { mod256: number }) {
  const found = await firstEvent(app, kind, port, value);
  await app.seek(found.time);
  return found;
}

const AQM_DROP = { mod256: DROP_REASONS.indexOf('aqm') };

test('CoDel: its state at the bottleneck, and its drops flash as AQM drops', async ({ app, page }) => {
  await app.openPaused('aqm/bufferbloat');
  const port = await app.portIndex('a', 'b');
  const drop = await seekToFirst(app, EventKind.Drop, port, AQM_DROP);
  expect((await app.drawn()).drops).toContainEqual({ packet: drop.packet, port, reason: 'AQM drop' });
  await app.inspectLink(4);
  // The first drop is the one that enters the dropping state.
  await expect(page.getByTestId('state-a-b-dropping')).toHaveText('yes');
  await expect(page.getByTestId('state-a-b-count')).toHaveText(/^\d+ pkt$/);
  await expect(page.getByTestId('state-a-b-target')).toHaveText('5 ms');
  await expect(page.getByTestId('port-state-a-b')).toContainText('time until its wait reaches target');
  await page.screenshot({ path: test.info().outputPath('codel-dropping.png') });
});

test('ECN marks flash at the port with their reason', async ({ app }) => {
  await app.openPaused('tcp/dctcp-marking');
  const port = await app.portIndex('sw', 'dst');
  const mark = await seekToFirst(app, EventKind.Mark, port);
  const drawn = await app.drawn();
  expect(MARK_REASONS[0]).toBe('ecn_threshold');
  expect(drawn.ecnMarks).toContainEqual({ packet: mark.packet, port, reason: 'ECN mark: queue above threshold' });
  expect(drawn.drops.map((d) => d.packet)).not.toContain(mark.packet);
});

test('LSTFCoDel: each queued packet shows its epsilon, the port its gamma', async ({ app, page }) => {
  await app.openPaused('aqm/lstf-codel');
  const port = await app.portIndex('router_a', 'server_a');
  // The first time two packets are queued at the router's port (the CBR has started).
  const queued = await firstEvent(app, EventKind.Enqueue, port);
  const queue = (f: DrawnFrame) => f.queues.find((q) => q.port === port);
  const drawn = await app.seekUntil(queued.time, queued.time + 60e9, 50e6, (f) => (queue(f)?.packets.length ?? 0) >= 2);
  const keys = (drawn ? queue(drawn)?.keys : undefined) ?? [];
  expect(keys.length).toBeGreaterThanOrEqual(2);
  // epsilon = 1/(1 + gamma) in (0, 1], or 0 before any delay was seen.
  for (const k of keys) expect(k).toMatch(/^(0|0\.\d+|1)$/);
  await app.inspectLink(2);
  await expect(page.getByTestId('state-router_a-server_a-gamma')).toHaveText(/^\d+(\.\d+)? (ns|µs|ms|s)$/);
  await expect(page.getByTestId('state-router_a-server_a-epsilon now')).toHaveText(/^(0|0\.\d+|1)$/);
  await page.screenshot({ path: test.info().outputPath('lstf-codel.png') });
});

test('RED: the average queue and the thresholds at the port', async ({ app, page }) => {
  await app.openExample('aqm/bufferbloat');
  await app.inspectNode('a');
  await app.choose('topology.nodes[4].scheduler', 'red');
  await app.run();
  await app.pause();
  await seekToFirst(app, EventKind.Drop, await app.portIndex('a', 'b'), AQM_DROP);
  await app.inspectLink(4);
  await expect(page.getByTestId('state-a-b-min threshold')).toHaveText('5 pkt');
  await expect(page.getByTestId('state-a-b-max threshold')).toHaveText('15 pkt');
  // RED dropped early: its average was at least min_th.
  const avg = await page.getByTestId('state-a-b-average queue').textContent();
  expect(Number(avg?.replace(' pkt', ''))).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: test.info().outputPath('red.png') });
});
