import { expect } from '@playwright/test';
import { test } from './support/app';

// Lessons (issue 37): the list beside Examples, the lesson panel driven by a link, answers the
// core grades, progress kept across a reload, keyboard steps, and malformed links and files.
test.describe.configure({ timeout: 180_000 });

test('a lesson link opens its step in a fresh browser: the replay, playhead and marks it names; the answer is graded and kept across a reload', async ({ app, page }) => {
  await page.goto('/#lesson=ups&step=9');
  const panel = page.getByTestId('lesson-panel');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await expect(page.getByTestId('lesson-step')).toContainText('Black-box headers: two cases, one header');
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  // The step's view: Fig. 8 case 1, the x-before-a replay beside it, the playhead at 2 us, a1 marked.
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('x-before-a');
  expect(await app.playhead()).toBe(2_000);
  await expect(page.getByTestId('guide-callout-replay')).toContainText('a1');
  await expect(page.getByTestId('replay-topology').getByTestId('guide-ring')).toHaveAttribute('data-focus', 'a1');
  // The core grades the choice on the step's run: a before x replays case 1.
  await page.getByTestId('lesson-choice-1').click();
  await expect(page.getByTestId('lesson-grade')).toContainText('Not quite.');
  await page.getByTestId('lesson-choice-0').click();
  await expect(page.getByTestId('lesson-grade')).toContainText('Right.');
  await expect(page.getByTestId('lesson-grade')).toContainText('a before x: every target met');
  // A reload opens the same step (the address bar holds it) with the answer kept.
  await page.reload();
  await expect(page.getByTestId('lesson-step')).toContainText('Black-box headers', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-grade')).toContainText('Right.');
  await expect(page.getByTestId('lesson-dot-8')).toHaveClass(/right/);
  // PageDown: the next step (LSTF on case 1), its replay recorded.
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('lesson-step')).toContainText('LSTF picks one order for both');
  await expect.poll(async () => (await app.handle('replay'))?.name, { timeout: 60_000 }).toBe('lstf_preemptive');
  expect(page.url()).toContain('#lesson=ups&step=10');
  await page.getByTestId('lesson-number').fill('2');
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-grade')).toContainText('Right. The run gives 2 packets');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('lesson-step')).toContainText('Black-box headers');
});

test('the Lessons list, a number question, an exercise checked on the learner\'s own run', async ({ app, page }) => {
  await app.open();
  await page.getByTestId('lessons').click();
  const list = page.getByTestId('lessons-dialog');
  await expect(list.locator('.gallery-item')).toHaveCount(9);
  await expect(page.getByTestId('lesson-queues')).toContainText('introductory · 40 min · 8 steps');
  await page.getByTestId('lesson-queues').click();
  await expect(page.getByTestId('lesson-name')).toHaveText("Queues: FIFO, Little's law and M/D/1");
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('lesson-dot-1').click();
  await expect(page.getByTestId('lesson-formula')).toContainText('W = rho x S / (2 (1 - rho))');
  await page.getByTestId('lesson-number').fill('12');
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-grade')).toContainText('Not quite. The run gives 6.1');
  await expect(page.getByTestId('lesson-grade')).toContainText('0.5 x 12 us / (2 x 0.5) = 6 us');
  // The exercise: the step's scenario as it is does not pass; a 2 Gbps link does.
  await page.getByTestId('lesson-dot-6').click();
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('lesson-exercise-check').click();
  await expect(page.getByTestId('lesson-exercise-result')).toContainText('Not yet.');
  await page.getByTestId('tab-inspect').click();
  await app.fill('topology.links[0].bandwidth', '2Gbps');
  await page.getByTestId('run').click();
  await app.waitForRun();
  await page.getByTestId('lesson-exercise-check').click();
  await expect(page.getByTestId('lesson-exercise-result')).toContainText('Done.');
});

test('malformed lesson links and files get a sentence naming the problem', async ({ app, page }) => {
  await page.goto('/#lesson=queues&step=99');
  await expect(page.getByTestId('error-message')).toContainText('step "99" is not a step number from 1 to 30', { timeout: 60_000 });
  await page.goto('/#lesson=no-such-lesson');
  await page.reload();
  await expect(page.getByTestId('error-message')).toContainText('There is no lesson "no-such-lesson"', { timeout: 60_000 });
  await page.goto('/#lesson-file=!!!&step=1');
  await page.reload();
  await expect(page.getByTestId('error-message')).toContainText('This lesson link\'s file is damaged', { timeout: 60_000 });
  await app.dismissError();
  await page.getByTestId('lessons').click();
  const bad = JSON.stringify({ format: 'scheduler-playground/lesson', version: 1, name: 'Mine', summary: 's', level: 'introductory', minutes: 5,
    steps: [{ title: 'one', scenario: '../queues/srpt-service-order.json', text: 't', view: { zoom: 50 } }] });
  await page.getByTestId('lesson-file').setInputFiles({ name: 'mine.lesson.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
  await expect(page.getByTestId('lesson-file-error')).toContainText('steps[0].view.zoom: 50 is outside 0.5 to 8');
});

test('a step points the page: the flow and span it names marked on the throughput chart and in the flow table, the queue chart on its port, the drawing zoomed on its node', async ({ page }) => {
  // Service curves, step 3: flow A, its throughput from 2 s to 4 s (when B has started).
  await page.goto('/#lesson=service-curves&step=3');
  await expect(page.getByTestId('lesson-step')).toContainText('SCED punishes', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  const span = page.getByTestId('chart-throughput-marked-span');
  await expect(span).toHaveCount(1);
  // The span covers 2 s to 4 s of the run's 4 s: the right half of the plot.
  const plot = await page.getByTestId('chart-throughput').locator('.axis-x path.domain').boundingBox();
  const box = await span.boundingBox();
  expect(plot && box).toBeTruthy();
  if (plot && box) {
    expect(Math.abs(box.x - (plot.x + plot.width / 2))).toBeLessThan(4);
    expect(Math.abs(box.x + box.width - (plot.x + plot.width))).toBeLessThan(4);
  }
  await expect(page.getByTestId('chart-throughput').locator('path.series.marked')).toHaveCount(1);
  await expect(page.getByTestId('flow-row-A')).toHaveClass(/lesson-marked-row/);
  await expect(page.getByTestId('flow-row-B')).not.toHaveClass(/lesson-marked-row/);

  // AQM, step 8: the queue chart's line for router_a -> server_a drawn thicker and named in its legend.
  await page.goto('/#lesson=aqm&step=8');
  await page.reload();
  await expect(page.getByTestId('lesson-step')).toContainText('LSTFCoDel', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('queue-legend').locator('li[data-marked="true"]')).toHaveText('router_a → server_a');
  await expect(page.locator('.chart-panel path.series.marked')).toHaveCount(1);

  // AQM, step 6: the voice flow's row marked, with its mean delay beside it. By hand in the lesson:
  // propagation 9 ms + its own transmission 0.19 ms + at most one 1500 B packet ahead, 1.2 ms.
  await page.goto('/#lesson=aqm&step=6');
  await page.reload();
  await expect(page.getByTestId('lesson-step')).toContainText('FQ-CoDel', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('flow-row-voip')).toHaveClass(/lesson-marked-row/);
  const delay = Number.parseFloat((await page.getByTestId('flow-delay-voip').textContent()) ?? '');
  await expect(page.getByTestId('flow-delay-voip')).toContainText('ms');
  expect(delay).toBeGreaterThanOrEqual(9.19);
  expect(delay).toBeLessThanOrEqual(10.39);

  // Multi-resource, step 9: m1's dominant share over the first 200 ms, on the middlebox's chart.
  await page.goto('/#lesson=multi-resource&step=9');
  await page.reload();
  await expect(page.getByTestId('lesson-step')).toContainText('The floor', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('chart-dominant-shares-marked-span')).toHaveCount(1);
  await expect(page.getByTestId('chart-dominant-shares').locator('path.series.marked')).toHaveCount(1);
  await expect(page.getByTestId('card-dominant-shares')).toHaveClass(/lesson-marked/);

  // UPS, step 9: the replay view zoomed 1.8x with a1, the node the step marks, at its centre.
  await page.goto('/#lesson=ups&step=9');
  await page.reload();
  await expect(page.getByTestId('lesson-step')).toContainText('Black-box headers', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0, { timeout: 60_000 });
  const stage = await page.getByTestId('replay-topology').boundingBox();
  const a1 = await page.getByTestId('replay-topology').locator('[data-node="a1"] circle').first().boundingBox();
  expect(stage && a1).toBeTruthy();
  if (stage && a1) {
    expect(Math.abs(a1.x + a1.width / 2 - (stage.x + stage.width / 2))).toBeLessThan(3);
    expect(Math.abs(a1.y + a1.height / 2 - (stage.y + stage.height / 2))).toBeLessThan(3);
  }
});
