// Service curves in the page (FSC paper): a FSC or SCED port's curve view draws, for a chosen
// flow, its service curve, its virtual or deadline curve and the service it received, from the
// state the core records; the BPR and PBS sliders compare FSC against PFQ (PBS = 0).
import { expect } from '@playwright/test';
import { ComparePage } from './pages/compare';
import { test } from './support/app';

test('SCED: the curve view shows flow A served nothing for most of the 2 s after B starts (Fig. 3), B in its burst', async ({ app }) => {
  await app.openPaused('curves/sced-vs-fsc-tcp');
  await app.inspectLink(2);
  const { view, flow, summary } = app.curveView('r-d');
  await expect(view).toBeVisible();
  const served = async (t: number): Promise<string> => {
    await app.seek(t);
    await expect(summary).toContainText('served');
    return /served ([\d.]+ [KMG]?B)/.exec((await summary.textContent()) ?? '')?.[1] ?? '';
  };
  await app.seek(1_500_000_000);
  await flow.selectOption({ label: 'A (backlogged)' });
  // A was alone for 2 s: served well past its 6000 B knee, on m2 = 1 Mbps.
  await expect(summary).toContainText('past its knee, on m2 = 1 Mbps');
  const atHalf = await served(1_500_000_000);
  // The hand calculation of the scenario's text: B's deadlines reach A's next one at about 3.8 s.
  const after = await served(2_300_000_000);
  expect(after).not.toEqual(atHalf);
  expect(await served(3_500_000_000)).toEqual(after);
  // The three lines are drawn: the service curve from A's backlog at 0, its deadline curve, what it received.
  for (const id of ['curve-service', 'curve-virtual', 'curve-received']) {
    expect(((await view.getByTestId(id).getAttribute('points')) ?? '').split(' ').length).toBeGreaterThanOrEqual(3);
  }
  // B just after it starts: its first 6000 B are on the deadline curve's first piece (m1).
  await app.seek(2_003_000_000);
  await flow.selectOption({ label: 'B (backlogged)' });
  await expect(summary).toContainText("in its burst, on the deadline curve's first piece (m1)");
});

test('FSC: a burst flow is on its virtual curve\'s first piece, TCP on m2; the sliders compare FSC with PFQ', async ({ app }) => {
  await app.openPaused('curves/fsc-worst-case', 1_004_000_000);
  await app.inspectLink(2);
  const { view, flow, summary } = app.curveView('r-d');
  await expect(view).toBeVisible();
  await flow.selectOption({ label: 'tcp (backlogged)' });
  await expect(summary).toContainText('past its knee, on m2');
  // The burst flow backlogged at the playhead: a new burst's 10 packets are inside PBS = 10 packets.
  const burst = await flow.locator('option', { hasText: /^u\d+ \(backlogged\)$/ }).first().textContent();
  await flow.selectOption({ label: burst ?? '' });
  await expect(summary).toContainText("in its burst, on the virtual curve's first piece (m1)");
  // The sliders start at the registry's FSC defaults (BPR 5, PBS 10000B) and step as its
  // sliders say (BPR by 0.5): 5 -> 5.5 and release: FSC (BPR 5.5, PBS 10 KB) against PFQ
  // (PBS = 0) in the Compare view.
  const bpr = view.getByTestId('fsc-bpr');
  await expect(bpr).toHaveValue('5');
  await expect(view.getByTestId('fsc-pbs')).toHaveValue('10000');
  await bpr.focus();
  await bpr.press('ArrowRight');
  const moved = '5.5';
  await expect(bpr).toHaveValue(moved);
  await expect(view.getByTestId('fsc-sliders')).toContainText(`BPR = m1/m2 = ${moved}`);
  const compare = new ComparePage(app);
  await expect(compare.view).toBeVisible({ timeout: 120_000 });
  const info = await compare.info();
  expect(info.labels[0]).toContain(`bpr=${moved}`);
  expect(info.labels[1]).toContain('pbs=0B');
  // The paper's Table 1 direction: the bursts (small flows) finish sooner under FSC than under PFQ.
  await expect(compare.cell('small-mean', 0)).toHaveClass(/best/);
});
