import { expect } from '@playwright/test';
import { test } from './support/app';

interface Draft {
  name: string;
  seed: number;
  topology: { nodes: { id: string; kind: string; scheduler?: { name: string; params?: Record<string, string> } }[]; links: { from: string; to: string; bandwidth: string }[] };
  traffic: { id: string; kind: string; src: string; dst: string; rate?: string }[];
}

test('draw a three-node network from scratch, set a scheduler, add a flow, run and watch packets move', async ({ app, page }) => {
  await app.newScenario();

  await app.addNode('host', 0.15, 0.5);
  await app.addNode('router', 0.5, 0.5);
  await app.addNode('host', 0.85, 0.5);
  for (const id of ['h1', 'r1', 'h2']) await expect(app.node(id)).toBeVisible();
  await app.connect('h1', 'r1');
  await app.connect('r1', 'h2');
  await expect(app.topology.locator('.link')).toHaveCount(2);

  // The bottleneck: an invalid bandwidth is refused next to the field, a valid one is taken.
  await app.useTool('select');
  await app.clickLink(1);
  await app.fill('topology.links[1].bandwidth', 'fast');
  await expect(app.fieldError('topology.links[1].bandwidth')).toContainText('e.g. "10Mbps"');
  await app.fill('topology.links[1].bandwidth', '1Mbps');
  await expect(app.fieldError('topology.links[1].bandwidth')).toHaveCount(0);
  await app.fill('topology.links[1].buffer', '6KB');

  // The router's scheduler and its parameter, from the core's registry.
  await app.node('r1').click();
  await app.choose('topology.nodes[1].scheduler', 'fifo');
  await app.choose('topology.nodes[1].scheduler.params.drop', 'head');

  // Two flows from h1 to h2.
  await app.tab('traffic');
  await page.getByTestId('traffic-kind').selectOption('cbr');
  await page.getByTestId('add-traffic').click();
  await app.fill('traffic[0].rate', '1.5Mbps');
  await page.getByTestId('add-traffic').click();

  const draft = await app.draft<Draft>();
  expect(draft.topology.nodes.map((n) => `${n.id}:${n.kind}`)).toEqual(['h1:host', 'r1:router', 'h2:host']);
  expect(draft.topology.nodes[1]?.scheduler).toEqual({ name: 'fifo', params: { drop: 'head' } });
  expect(draft.topology.links[1]).toMatchObject({ from: 'r1', to: 'h2', bandwidth: '1Mbps' });
  expect(draft.traffic.map((t) => `${t.id} ${t.src}->${t.dst} ${t.rate ?? ''}`)).toEqual(['cbr-1 h1->h2 1.5Mbps', 'cbr-2 h1->h2 2Mbps']);

  await app.run();
  await expect.poll(async () => (await app.handle('drawn'))?.inFlight ?? 0).toBeGreaterThan(0);
  const t0 = await app.playhead();
  await expect.poll(() => app.playhead()).toBeGreaterThan(t0);
  // The router's queue shows packets with their keys.
  await expect.poll(async () => (await app.handle('drawn'))?.queues.some((q) => q.keys.length > 0) ?? false).toBe(true);
});

test('undo, redo, drag and delete in the editor', async ({ app, page }) => {
  await app.node('h3').click();
  await page.getByTestId('delete').click();
  await expect(app.node('h3')).toHaveCount(0);
  await expect(app.topology.locator('.link')).toHaveCount(3);
  await page.getByTestId('undo').click();
  await expect(app.node('h3')).toBeVisible();
  await page.getByTestId('redo').click();
  await expect(app.node('h3')).toHaveCount(0);
  await page.getByTestId('undo').click();

  // Dragging moves only the dragged node.
  const before = await app.draft<{ topology: { nodes: { id: string; pos: [number, number] }[] } }>();
  // The undo redraws the nodes (and again when the core answers which scheduler each port
  // runs): measure h1 in the same call that finds it drawn.
  const found: { box: { x: number; y: number; width: number; height: number } | null } = { box: null };
  await expect.poll(async () => (found.box = await app.node('h1').boundingBox()) !== null).toBe(true);
  const box = found.box;
  if (!box) throw new Error('h1 is not drawn');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 40, { steps: 5 });
  await page.mouse.up();
  const after = await app.draft<{ topology: { nodes: { id: string; pos: [number, number] }[] } }>();
  const moved = after.topology.nodes.filter((n, i) => JSON.stringify(n.pos) !== JSON.stringify(before.topology.nodes[i]?.pos));
  expect(moved.map((n) => n.id)).toEqual(['h1']);
});

test('the keyboard runs, pauses, steps, selects the next node and deletes', async ({ app, page }) => {
  await page.keyboard.press(' ');
  await expect(app.playPause).toHaveAccessibleName('Play');
  const t = await app.playhead();
  await page.keyboard.press('ArrowRight');
  await expect(app.lastEvent).toHaveText(/^#\d+ /);
  expect(await app.playhead()).toBeGreaterThanOrEqual(t);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await app.playhead()).toBeGreaterThan(t);

  await page.keyboard.press('n');
  await expect(app.node('h1')).toHaveClass(/selected/);
  await page.keyboard.press('n');
  await expect(app.node('h2')).toHaveClass(/selected/);
  await page.keyboard.press('Delete');
  await expect(app.node('h2')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(app.node('h2')).toBeVisible();

  const runs = (await app.handle('runsFinished')) ?? 0;
  await page.keyboard.press('r');
  await expect.poll(() => app.handle('runsFinished')).toBeGreaterThan(runs);
});

test('a run the core refuses says why next to the field and leaves the editor as it was', async ({ app }) => {
  const hash = await app.startRunFor('0ms');
  await expect(app.fieldError('duration')).toHaveText('must be greater than zero');
  expect((await app.draft<{ duration: string }>()).duration).toBe('0ms');
  await expect(app.traceHash).toHaveText(hash);
  await app.fill('duration', '50ms');
  await app.run();
  await expect(app.fieldError('duration')).toHaveCount(0);
});

test('load a preset with its parameters, then edit it: dragging keeps the automatic layout of the others', async ({ app, page }) => {
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-name').selectOption('dumbbell');
  await app.fill('preset.params.pairs', '0');
  await expect(app.fieldError('preset.params.pairs')).toHaveText('must be at least 1');
  await app.fill('preset.params.pairs', '2');
  await app.fill('preset.params.bottleneck_bandwidth', '5Mbps');
  await page.getByTestId('load-preset').click();
  await expect(app.notice).toContainText('Loaded dumbbell');
  const draft = await app.draft<{ topology: { nodes: { id: string; kind: string; pos: [number, number] }[]; links: { bandwidth: string }[] } }>();
  expect(draft.topology.nodes.filter((n) => n.kind === 'host')).toHaveLength(4);
  expect(draft.topology.nodes.filter((n) => n.kind === 'router')).toHaveLength(2);
  expect(draft.topology.links.map((l) => l.bandwidth)).toContain('5Mbps');
  expect(draft.topology.nodes.every((n) => Array.isArray(n.pos))).toBe(true);

  // Drag one host: the others keep their places, on the page too.
  const [first, second] = draft.topology.nodes.filter((n) => n.kind === 'host');
  if (!first || !second) throw new Error('no hosts');
  const other = await app.node(second.id).boundingBox();
  const box = await app.node(first.id).boundingBox();
  if (!box || !other) throw new Error('hosts not drawn');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 4 });
  await page.mouse.up();
  expect(await app.node(second.id).boundingBox()).toEqual(other);
  const after = await app.draft<typeof draft>();
  expect(after.topology.nodes.filter((n) => n.id !== first.id)).toEqual(draft.topology.nodes.filter((n) => n.id !== first.id));

  // Traffic between the preset's hosts, and a run.
  await app.tab('traffic');
  await page.getByTestId('traffic-kind').selectOption('cbr');
  await page.getByTestId('add-traffic').click();
  await app.run();
  await expect(page.getByTestId('stale-note')).toHaveCount(0);
});

test('the scenario default reaches the hosts\' ports (NICs) only when asked: a host then inherits it', async ({ app, page }) => {
  await app.tab('inspect');
  await app.choose('default_scheduler', 'fq');
  const onHosts = page.getByTestId('default-scheduler-on-hosts');
  await expect(onHosts).not.toBeChecked();
  const draft = await app.draft<{ topology: { nodes: { id: string; kind: string }[] } }>();
  const i = draft.topology.nodes.findIndex((n) => n.kind === 'host');
  const host = draft.topology.nodes[i]?.id ?? '';
  const inherit = page.getByTestId(`field-topology.nodes[${i}].scheduler`).locator('option').first();
  await app.node(host).click();
  await expect(inherit).toHaveText('inherit: fifo (built-in)');
  // Nothing selected again: the scenario's form, with the box.
  await page.keyboard.press('Escape');
  await onHosts.check();
  expect((await app.draft<{ default_scheduler_on_hosts?: boolean }>()).default_scheduler_on_hosts).toBe(true);
  await app.node(host).click();
  await expect(inherit).toHaveText('inherit: fq (scenario default)');
});

test('a change of scheduler explains itself: the metrics it moved beside the run before, and what the numbers on packets are', async ({ app, page }) => {
  await expect(page.getByTestId('legend-keys')).toContainText('enqueue time, a time (FIFO');
  await expect(page.getByTestId('change-bar')).toHaveCount(0); // nothing to compare with yet
  await app.tab('inspect');
  // The scenario's default first: r1 has its own FIFO, so nothing runs LSTF, and the bar says so.
  await app.choose('default_scheduler', 'lstf');
  await app.run();
  const bar = page.getByTestId('change-bar');
  await expect(bar).toContainText('Your change (scheduler FIFO → LSTF');
  await expect(page.getByTestId('change-unused')).toContainText('no port runs LSTF (least slack first)');
  await expect(page.getByTestId('change-none')).toBeVisible();
  // Then r1's own scheduler, as a student would: the metrics it moved, before → after.
  await app.node('r1').click();
  await app.choose('topology.nodes[3].scheduler', 'lstf');
  await app.run();
  await expect(bar).toContainText("Your change (r1's scheduler FIFO → LSTF (least slack first))");
  await expect(page.getByTestId('change-unused')).toHaveCount(0);
  // Whatever moved is listed as before → after; the same scenario run again lists nothing new.
  await expect(bar.locator('li').first()).toContainText('→');
  await expect(page.getByTestId('legend-keys')).toContainText('slack, the time left to its deadline, negative once it is late (LSTF');
  await page.getByTestId('change-charts').click();
  await expect(page.getByTestId('tab-results')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('change-close').click();
  await expect(bar).toHaveCount(0);
  await app.run(); // the same scenario again: no change to show
  await expect(bar).toHaveCount(0);
});
