// A change of scheduler explains itself (issue 38): a scheduler that serves by slack, chosen
// where the scenario gives none, says why and offers the slack rules.
import { expect } from '@playwright/test';
import { test } from './support/app';

test('LSTF chosen where no slack rule exists: the reason in a line, the rules offered, the one chosen applied and run', async ({ app, page }) => {
  await app.tab('inspect');
  await app.node('r1').click();
  const hint = page.getByTestId('slack-hint');
  await app.choose('topology.nodes[3].scheduler', 'sjf'); // reads sizes, not slack
  await expect(hint).toHaveCount(0);
  await app.choose('topology.nodes[3].scheduler', 'lstf');
  await expect(hint).toContainText('LSTF (least slack first) serves the packet with the least slack, and this scenario gives packets none: each starts at slack 0');
  await page.screenshot({ path: 'test-results/shots/slack-hint.png' });
  await page.getByTestId('slack-rule-flow_size').click();
  expect((await app.draft<{ slack?: unknown }>()).slack).toEqual({ default: { policy: 'flow_size' } });
  await expect(hint).toHaveCount(0);
  await app.run();
  // FIFO+ reads slack too (the registry says so); with the rule now set, no hint.
  await app.choose('topology.nodes[3].scheduler', 'fifo_plus');
  await expect(hint).toHaveCount(0);
});

test('DRR on the shared drop-tail buffer: what it does to fairness, and the longest-queue policy applied', async ({ app, page }) => {
  await app.tab('inspect');
  await app.node('r1').click();
  const hint = page.getByTestId('buffer-hint');
  await app.choose('topology.nodes[3].scheduler', 'drr');
  await expect(hint).toContainText('the queues share the port\'s buffer and a full buffer drops the arriving packet (drop-tail)');
  await page.screenshot({ path: 'test-results/shots/buffer-hint.png' });
  await page.getByTestId('buffer-longest').click();
  const draft = await app.draft<{ topology: { nodes: { scheduler?: unknown }[] } }>();
  expect(draft.topology.nodes[3]?.scheduler).toEqual({ name: 'drr', params: { drop: 'longest' } });
  await expect(hint).toHaveCount(0);
  await app.run();
  // FIFO has one queue: nothing to say.
  await app.choose('topology.nodes[3].scheduler', 'fifo');
  await expect(hint).toHaveCount(0);
});

test('plain fair queueing on the shared drop-tail buffer: what it does to fairness, switched to WFQ dropping from the longest queue, and run', async ({ app, page }) => {
  await app.tab('inspect');
  await app.node('r1').click();
  const hint = page.getByTestId('buffer-hint');
  await app.choose('topology.nodes[3].scheduler', 'fq');
  await expect(hint).toContainText('Fair queueing gives each flow its own queue, but the queues share the port\'s buffer and a full buffer drops the arriving packet (drop-tail)');
  await expect(hint).toContainText('WFQ with equal weights serves exactly as Fair queueing');
  await page.screenshot({ path: 'test-results/shots/buffer-hint-fq.png' });
  await page.getByTestId('buffer-longest').click();
  const draft = await app.draft<{ topology: { nodes: { scheduler?: unknown }[] } }>();
  expect(draft.topology.nodes[3]?.scheduler).toEqual({ name: 'wfq', params: { drop: 'longest' } });
  await expect(hint).toHaveCount(0);
  await app.run();
  // The run's router ports are WFQ's.
  const ports = await page.evaluate(() => window.__playground?.ports() ?? []);
  expect(ports.filter((p) => p.node === 'r1').map((p) => p.key)).toContain('finish tag');
});
