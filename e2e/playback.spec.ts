import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { DrawnFrame } from '../web/src/view/packetLayer';
import { encodeScenarioHash } from '../web/src/share/link';
import { PlaygroundPage } from './pages/playground';
import { KIND, parseShown, queuesAfter } from './support/traceReplay';
import { test } from './support/app';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const defaultScenario = JSON.parse(readFileSync(`${repoRoot}scenarios/default.json`, 'utf8')) as {
  topology: { nodes: { id: string; scheduler?: unknown }[] };
};

/** The default scenario with its router dropping from the head: drops push packets out of the queue. */
function dropHead(): string {
  const s = structuredClone(defaultScenario);
  const r1 = s.topology.nodes.find((n) => n.id === 'r1');
  if (r1) r1.scheduler = { name: 'fifo', params: { drop: 'head' } };
  return encodeScenarioHash(JSON.stringify(s));
}

/** Checks that the FIFO queues drawn now are the trace's queues after `cursor` events (arrival order), enqueue times included. */
async function expectQueuesMatchTrace(app: PlaygroundPage): Promise<number> {
  const trace = await app.handle('trace');
  if (!trace) throw new Error('no trace');
  const cursor = (await app.handle('cursor')) ?? 0;
  const expected = queuesAfter(trace, cursor);
  const drawn = (await app.handle('drawn')) as DrawnFrame;
  const shown = new Map(drawn.queues.map((q) => [q.port, q]));
  expect([...shown.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [port, queue] of expected) {
    const q = shown.get(port);
    expect(q?.packets, `port ${port} after ${cursor} events`).toEqual(queue.map((e) => e.packet));
    q?.keys.forEach((k, i) => {
      const key = queue[i]?.key ?? Number.NaN;
      expect(Math.abs(parseShown(k) - key), `key ${k} of packet ${q.packets[i]}`).toBeLessThanOrEqual(5e-4 * Math.abs(key) + 0.5);
    });
  }
  return [...expected.values()].reduce((n, q) => n + q.length, 0);
}

test('scrubbing forwards and back shows exactly the queues of the trace', async ({ app }) => {
  await app.pause();
  let total = 0;
  for (const ms of [150, 60, 120, 30, 180]) {
    await app.scrub.fill(String(ms * 1e6));
    await expect.poll(() => app.playhead()).toBeCloseTo(ms * 1e6, -5);
    total += await expectQueuesMatchTrace(app);
  }
  expect(total).toBeGreaterThan(10); // the checks looked at real queues
});

test('stepping back over a drop takes the drop back; a pushed-out packet returns to its queue', async ({ page }) => {
  const app = await new PlaygroundPage(page).open(dropHead());
  await app.pause();
  const trace = await app.handle('trace');
  if (!trace) throw new Error('no trace');
  const drop = trace.kind.findIndex((k, i) => k === KIND.drop && (trace.value[i] ?? 0) >= 256);
  expect(drop, 'the drop-head scenario pushes packets out').toBeGreaterThan(0);
  const victim = trace.packet[drop];

  // Just after the drop: it flashes, with its reason, and the victim has left the queue.
  await page.evaluate((i) => window.__playground?.jumpToEvent(i), drop);
  await expect(app.lastEvent).toContainText(`drop packet ${victim}`);
  let drawn = (await app.handle('drawn')) as DrawnFrame;
  expect(drawn.drops).toContainEqual({ packet: victim, port: trace.loc[drop], reason: 'pushed out' });
  expect(drawn.queues.flatMap((q) => q.packets)).not.toContain(victim);
  await expectQueuesMatchTrace(app);

  // One event back: no drop, and the packet is queued again, where the trace had it.
  await app.stepBack();
  drawn = (await app.handle('drawn')) as DrawnFrame;
  expect(drawn.drops.map((d) => d.packet)).not.toContain(victim);
  expect(drawn.queues.find((q) => q.port === trace.loc[drop])?.packets).toContain(victim);
  await expectQueuesMatchTrace(app);

  // And forward again.
  await app.step();
  drawn = (await app.handle('drawn')) as DrawnFrame;
  expect(drawn.drops.map((d) => d.packet)).toContain(victim);
  await expectQueuesMatchTrace(app);
  expect(app.consoleErrors).toEqual([]);
});

test('clicking a packet follows it hop by hop, and a hop moves the playhead there', async ({ app, page }) => {
  await app.scrub.fill('100000000');
  await app.pause();
  await expect.poll(async () => ((await app.handle('drawn')) as DrawnFrame).queues.length).toBeGreaterThan(0);
  // Click the packet at the head of the router's queue (the bottom cell of the column).
  const head = await page.evaluate(() => {
    const q = window.__playground?.drawn()?.queues[0];
    return q ? { packet: q.packets[0], cell: q.at[0] } : null;
  });
  const at = head?.packet;
  const cell = head?.cell;
  if (at === undefined || !cell) throw new Error('no queue cell drawn');
  const box = await app.topology.boundingBox();
  if (!box) throw new Error('no drawing');
  await page.mouse.click(box.x + cell.x, box.y + cell.y);
  await expect(page.getByTestId('follow-packet')).toHaveText(String(at));
  const hops = page.getByTestId('hops').locator('li');
  await expect(hops.first()).toContainText('arrive');
  await expect(hops.filter({ hasText: 'enqueue' }).first()).toContainText('key');
  await hops.first().locator('button').click();
  const trace = await app.handle('trace');
  const first = trace?.packet.indexOf(at) ?? -1;
  expect(await app.handle('cursor')).toBe(first + 1);
});
