// Round robin, DRR and strict priority in the page: the queue drawn in DRR's service order,
// each round-robin queue's deficit counter at the port (from the core's state export), and
// the class schedulers' forms from the registry. Expected orders are worked out by hand.
import { expect } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

/** Flow ids of the packets drawn at the port from `from` to `to`, in the order drawn. */
async function drawnFlows(app: PlaygroundPage, from: string, to: string): Promise<string[]> {
  const port = await app.portIndex(from, to);
  const trace = await app.handle('trace');
  const flows = await app.page.evaluate(() => window.__playground?.flowIds() ?? []);
  if (!trace) throw new Error('no run');
  const flowOf = new Map<number, string>();
  trace.kind.forEach((_, i) => {
    const p = trace.packet[i] ?? -1;
    if (!flowOf.has(p)) flowOf.set(p, flows[trace.flow[i] ?? -1] ?? '?');
  });
  return ((await app.drawn()).queues.find((q) => q.port === port)?.packets ?? []).map((p) => flowOf.get(p) ?? '?');
}

test('DRR: the queue is drawn in its service order and each queue shows its deficit', async ({ app, page }) => {
  await app.openPaused('fq/drr-fairness', 1_000_000_000);
  const flows = await drawnFlows(app, 'r', 'd');
  // Quantum 1500 B: a turn of A sends one 1500 B packet, a turn of B three 500 B packets (C
  // sends less than a fair share and is rarely queued). So, without C, A's packets stand alone
  // and B's come in threes (the first run may be the rest of a turn in progress).
  const runs: { flow: string; n: number }[] = [];
  for (const f of flows.filter((x) => x !== 'C')) {
    const last = runs[runs.length - 1];
    if (last && last.flow === f) last.n += 1;
    else runs.push({ flow: f, n: 1 });
  }
  expect(runs.length).toBeGreaterThanOrEqual(6);
  for (const [i, r] of runs.entries()) {
    if (r.flow === 'A') expect(r.n).toBe(1);
    else if (i > 0 && i < runs.length - 1) expect(r).toEqual({ flow: 'B', n: 3 });
  }
  await app.inspectLink(3);
  await expect(page.getByTestId('port-state-r-d')).toContainText('drr');
  // The round-robin list by the flow at each queue's head, and each one's deficit in bytes.
  await expect(page.getByTestId('state-r-d-head flow')).toHaveText(/^[ABC](, [ABC])*$/);
  const deficits = (await page.getByTestId('state-r-d-deficit').textContent()) ?? '';
  expect(deficits).toMatch(/^\d+(\.\d+)? K?B(, \d+(\.\d+)? K?B)*$/);
  await page.screenshot({ path: test.info().outputPath('drr-deficits.png') });
});

test('the class schedulers\' forms come from the registry; DRR takes child schedulers per class', async ({ app, page }) => {
  await app.openExample('fq/drr-fairness');
  await app.inspectNode('r');
  const path = 'topology.nodes[3].scheduler';
  await expect(app.field(`${path}.params.quantum`)).toBeVisible();
  await expect(page.getByTestId(`scheduler-${path}`)).toContainText('Shreedhar and Varghese');
  await app.choose(path, 'wrr');
  await expect(app.field(`${path}.params.weights`)).toBeVisible();
  await app.choose(`${path}.params.queues`, 'hashed');
  await expect(app.field(`${path}.params.buckets`)).toBeVisible();
  await app.choose(path, 'strict_priority');
  await expect(app.field(`${path}.params.queue_limit`)).toBeVisible();
  await expect(page.getByTestId(`no-classes-${path}`)).toBeVisible();
  // DRR between two classes, SJF inside class 1 (every flow here is class 0).
  await app.choose(path, 'drr');
  await page.getByTestId(`add-class-${path}`).click();
  await page.getByTestId(`add-class-${path}`).click();
  await app.choose(`${path}.children[1]`, 'sjf');
  await app.run();
  await app.pause();
  await app.seek(1_000_000_000);
  await app.inspectLink(3);
  await expect(page.getByTestId('state-r-d-head flow')).toHaveText(/^[ABC]$/);
  await expect(page.getByTestId('state-r-d-deficit')).toHaveText(/^\d+(\.\d+)? K?B$/);
});

test('WF2Q+: the classic burst is drawn alternating, with finish tags and the virtual time', async ({ app, page }) => {
  // At 1 ms A1 has been sent and A2 is on the wire (scenario text): WF2Q+ sends the rest as
  // B1, A3, B2, A4, ..., B9, A11, B10.
  await app.openPaused('fq/wf2q-plus-burst', 1_000_000);
  const want: string[] = [];
  for (let j = 1; j <= 9; j++) want.push(`B${j}`, 'A');
  want.push('B10');
  expect(await drawnFlows(app, 'r', 'd')).toEqual(want);
  await app.inspectLink(2);
  // V after A1 (8000 bits / weight 10 seen) and A2 (8000 / 20): 1200 bits per unit weight = 150 B.
  await expect(page.getByTestId('state-r-d-virtual time')).toHaveText('150 B');
  // The heads, A's queue first (its packets came first): A3 (S = 1600, F = 2400 bits: 200 B,
  // 300 B), then B1..B10 (S = 800, F = 8800: 100 B, 1.1 KB).
  await expect(page.getByTestId('state-r-d-head start tags')).toHaveText(/^200 B(, 100 B){10}$/);
  await expect(page.getByTestId('state-r-d-head finish tags')).toHaveText(/^300 B(, 1\.1 KB){10}$/);
  await page.screenshot({ path: test.info().outputPath('wf2q-plus.png') });
});
