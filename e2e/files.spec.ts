import { expect } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';
import { test } from './support/app';

interface Draft {
  name: string;
  seed: number;
  duration: string;
  topology: { nodes: { id: string }[] };
}

const ids = (d: Draft) => d.topology.nodes.map((n) => n.id);

test('an edited scenario shared as a link reopens with the same network, seed and trace hash', async ({ page, context }) => {
  const app = await new PlaygroundPage(page).open();
  await app.node('r1').click();
  await app.fill('topology.nodes[3].id', 'core');
  await page.keyboard.press('Escape'); // leaves the field
  await page.keyboard.press('Escape'); // clears the selection: the scenario form shows
  await app.fill('seed', '7');
  await app.run();
  const hash = await app.traceHash.textContent();
  const link = await app.share();

  const other = await new PlaygroundPage(await context.newPage()).open(link);
  const draft = await other.draft<Draft>();
  expect(ids(draft)).toEqual(['h1', 'h2', 'h3', 'core', 'dst']);
  expect(draft.seed).toBe(7);
  await expect(other.traceHash).toHaveText(hash ?? '');
  await expect(other.node('core')).toBeVisible();
  // The link was loaded into the draft: the address bar no longer carries it.
  expect(new URL(other.page.url()).hash).toBe('');
  expect([...app.consoleErrors, ...other.consoleErrors]).toEqual([]);
});

test('export, start afresh, and import the file back', async ({ app }) => {
  const hash = await app.traceHash.textContent();
  const file = await app.exportFile();
  expect(file.name).toBe('three-senders-one-bottleneck.json');
  expect((JSON.parse(file.text) as Draft).name).toBe('Three senders, one bottleneck');

  await app.newScenario();
  await app.importFile(file.name, file.text);
  await expect(app.notice).toHaveText(`Imported "${file.name}".`);
  await app.waitForRun();
  await expect(app.topology.locator('.node')).toHaveCount(5);
  await expect(app.traceHash).toHaveText(hash ?? '');
});

test('a bad file says what is wrong and leaves the draft intact, also after a reload', async ({ app, page }) => {
  await app.node('h3').click();
  await page.getByTestId('delete').click();
  const before = await app.draft<Draft>();
  expect(ids(before)).toEqual(['h1', 'h2', 'r1', 'dst']);

  await app.importFile('notes.json', '{"format": "scheduler-playground/scenario", ');
  await expect(app.errorMessage).toHaveText(/^"notes\.json" was not imported: it is not valid JSON \(.*\)\. Your draft is unchanged\.$/);
  const invalid = { ...before, topology: { ...before.topology, links: [{ from: 'h1', to: 'r1', bandwidth: 'fast', delay: '1ms' }] } };
  await app.importFile('bad.json', JSON.stringify(invalid));
  await expect(app.errorMessage).toHaveText(/^"bad\.json" was not imported: topology\.links\[0\]\.bandwidth: invalid bandwidth "fast"/);
  expect(await app.draft()).toEqual(before);

  await page.waitForTimeout(500); // the draft is saved a moment after the last edit
  await page.reload();
  await app.waitForRun();
  expect(await app.draft()).toEqual(before);
  await expect(app.node('h3')).toHaveCount(0);
});

test('a long run shows its progress and can be cancelled without touching the editor', async ({ app, page }) => {
  const hash = await app.startRunFor('1800s');
  await expect(page.getByTestId('run-progress')).toContainText('Simulating');
  await page.getByTestId('cancel').click();
  await expect(app.runButton).toBeVisible();
  expect(await app.handle('runState')).toBe('done');
  await expect(app.traceHash).toHaveText(hash);
  expect((await app.draft<Draft>()).duration).toBe('1800s');
});

test("a workload .txt in the authors' format joins the traffic as a flow list; a bad line names itself", async ({ app }) => {
  const before = await app.draft<Draft & { traffic: { id: string }[] }>();
  // The default's nodes in order are h1 h2 h3 r1 dst, so 0 -> 4 is h1 -> dst and 1 -> 4 is h2 -> dst.
  const workload = '# start size source destination\n0.001 14600 0 4\n0.002 29200 1 4\n';
  await app.importFile('workload-1.txt', workload);
  await expect(app.notice).toHaveText(
    'Added "workload-1.txt" to the traffic as the flow list workload-1 (2 flows; its numbers name the draft\'s nodes in order (0 = h1)).',
  );
  await app.waitForRun();
  const after = await app.draft<{ traffic: { id: string; kind: string; nodes?: string[] }[] }>();
  expect(after.traffic.length).toBe(before.traffic.length + 1);
  expect(after.traffic.at(-1)).toMatchObject({ id: 'workload-1', kind: 'flow_list', nodes: ['h1', 'h2', 'h3', 'r1', 'dst'] });

  // Node 9 does not exist: the core names the line and the draft keeps what it had.
  await app.importFile('bad.txt', '0.001 1460 0 4\n0.002 1460 9 4\n');
  await expect(app.errorMessage).toHaveText(/^"bad\.txt" was not added: .*line 2: source "9" is not a number below 5 \(nodes\).* Your draft is unchanged\.$/);
  expect(await app.draft()).toEqual(after);
});

test('a link too long to open is not copied: the share box says so and offers the file', async ({ app, page }) => {
  // 3,000 flows between the default's hosts, sizes and starts that do not repeat: the scenario
  // deflates to far more than the 16,000 characters a page reads after "#".
  const lines = Array.from({ length: 3000 }, (_, k) => `0.${String(k * 331).padStart(6, '0')} ${1000 + ((k * 7919) % 99991)} ${k % 3} 4`);
  await app.importFile('many.txt', lines.join('\n'));
  await app.waitForRun();
  await app.shareButton.click();
  await expect(page.getByTestId('share-too-long')).toContainText('too long to open');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-export').click()]);
  expect(download.suggestedFilename()).toBe('three-senders-one-bottleneck.json');
});
