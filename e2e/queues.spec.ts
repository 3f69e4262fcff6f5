// The page draws each queue in the order its scheduler serves, as the core says it, with
// each packet's value in its unit; a port's state panel shows what its scheduler exports.
// The expected orders are worked out by hand in the scenarios' descriptions
// (scenarios/queues/), where they differ from the order of the keys.
import { expect } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

/** "A#1": flow A's second packet, by the order the trace creates them. */
async function packetNames(app: PlaygroundPage): Promise<Map<number, string>> {
  const trace = await app.handle('trace');
  const summary = await app.page.evaluate(() => window.__playground?.ports());
  if (!trace || !summary) throw new Error('no run');
  const flows = await app.page.evaluate(() => window.__playground?.flowIds() ?? []);
  const names = new Map<number, string>();
  const count = new Map<number, number>();
  trace.kind.forEach((k, i) => {
    const p = trace.packet[i] ?? -1;
    if (k !== 0 || names.has(p)) return;
    const f = trace.flow[i] ?? -1;
    const n = count.get(f) ?? 0;
    count.set(f, n + 1);
    names.set(p, `${flows[f] ?? f}#${n}`);
  });
  return names;
}

/** The queue drawn at the router's port towards d, at `t` ns: names and shown values. */
async function drawnAt(app: PlaygroundPage, t: number): Promise<{ names: string[]; keys: string[] }> {
  await app.seek(t);
  const port = await app.portIndex('r', 'd');
  const names = await packetNames(app);
  const q = (await app.drawn()).queues.find((x) => x.port === port);
  return { names: (q?.packets ?? []).map((p) => names.get(p) ?? String(p)), keys: q?.keys ?? [] };
}

test('SRPT is drawn in its service order (a flow\'s oldest packet first), not by remaining size', async ({ app, page }) => {
  await app.openPaused('queues/srpt-service-order');
  const { names, keys } = await drawnAt(app, 1_000_000);
  // By remaining size the order would be B#1 (500 B), A#2, B#0, A#1.
  expect(names).toEqual(['B#0', 'B#1', 'A#1', 'A#2']);
  expect(keys).toEqual(['2KB', '500B', '3KB', '1.5KB']);
  await page.screenshot({ path: test.info().outputPath('srpt-order.png') });
});

test('class_fq is drawn in its service order: classes by slot tag, SJF filling its class\'s slots', async ({ app }) => {
  await app.openPaused('queues/class-fq-service-order');
  const { names, keys } = await drawnAt(app, 1_000_000);
  // By enqueue key (the tag a packet got on arrival) L#1 would come before S#0 and C#1.
  expect(names.slice(0, 5)).toEqual(['C#0', 'S#0', 'C#1', 'L#1', 'L#2']);
  // Slot tags in bits per unit weight, shown as sizes: 12000 b = 1.5 KB, 24000 b = 3 KB, ...
  expect(keys.slice(0, 5)).toEqual(['1.5KB', '3KB', '3KB', '4.5KB', '6KB']);
});

test('a port\'s state panel shows what its scheduler exports: FIFO\'s marking threshold', async ({ app, page }) => {
  await app.openPaused('tcp/dctcp-marking');
  await app.inspectLink(4);
  await expect(page.getByTestId('state-sw-dst-ecn threshold')).toHaveText('20 pkt');
  await expect(page.getByTestId('state-sw-dst-ecn threshold (bytes)')).toHaveText('–');
  await expect(page.getByTestId('port-state-sw-dst')).toContainText('drawn in service order, each packet with its enqueue time');
});

test('an LSTF port shows its last sent key, and its queued packets their slack at the playhead', async ({ app, page }) => {
  await app.pause();
  await app.inspectLink(3);
  await app.choose('topology.links[3].schedulers.r1', 'lstf');
  await app.run();
  await app.pause();
  await app.scrub.fill('150000000');
  await app.inspectLink(3);
  await expect(page.getByTestId('state-r1-dst-last sent key')).toHaveText(/^\d+(\.\d+)? ms$/);
  const keys = (await app.drawn()).queues.flatMap((q) => q.keys);
  expect(keys.length).toBeGreaterThan(0);
  // Every packet's slack at the playhead, signed ("+1.2ms", "−3µs").
  for (const k of keys) expect(k).toMatch(/^[+−]\d+(\.\d+)?(ns|µs|ms|s)$/);
});
