// AFQ and PIEO (AIFO's baselines) and H-FSC (the FSC paper's reference [21]) in the page: each
// port's exported state as the inspector and the stage draw it. AFQ's calendar is served round after round (the keys drawn are rounds, the
// current one first); PIEO's queue is drawn in the order it will serve, which its eligibility
// times make differ from rank order (worked out by hand in scenarios/programmable/
// pieo-eligibility.json).
import { expect } from '@playwright/test';
import { test } from './support/app';

test('an AFQ port shows its round, BpR and a calendar of N queues; its queue is drawn in round order from the current round', async ({ app, page }) => {
  await app.openPaused('programmable/afq-fairness', 2_000_000_000);
  await app.inspectLink(3);
  const field = (name: string) => page.getByTestId(`state-r-d-${name}`);
  await expect(field('bytes per round')).toHaveText('1.5 KB');
  const round = Number.parseFloat((await field('round').textContent()) ?? 'NaN');
  expect(round).toBeGreaterThan(0);
  // The scenario's 8 queues, listed from the current round's on.
  const lengths = ((await field('queue lengths').textContent()) ?? '').split(', ');
  expect(lengths).toHaveLength(8);
  const keys = (await app.drawn()).queues.flatMap((q) => q.keys).map(Number);
  expect(keys.length).toBeGreaterThan(0);
  expect(keys[0]).toBeGreaterThanOrEqual(round);
  for (let i = 1; i < keys.length; i++) expect(keys[i]).toBeGreaterThanOrEqual(keys[i - 1] ?? 0);
  expect(keys[keys.length - 1]).toBeLessThan(round + 8);
});

test('a PIEO port at 6.5 ms: nothing eligible, ranks 1, 1, 2 listed, drawn in serving order 1, 2, 1', async ({ app, page }) => {
  // By hand (the scenario's description): at 6.008 ms the link went idle with low#1 (rank 1,
  // eligible 8.008 ms), mid#2 (rank 2, 8.108 ms) and low#2 (rank 1, 16.008 ms) queued.
  await app.openPaused('programmable/pieo-eligibility', 6_500_000);
  await app.inspectLink(3);
  const field = (name: string) => page.getByTestId(`state-r-d-${name}`);
  await expect(field('eligible')).toHaveText('0 pkt');
  await expect(field('ranks')).toHaveText('1, 1, 2');
  await expect(field('next eligible in')).toHaveText(/^2(\.0+)? ?ms$/);
  const keys = (await app.drawn()).queues.flatMap((q) => q.keys);
  expect(keys).toEqual(['1', '2', '1']);
});

test('an H-FSC port: its active leaves, their virtual times and the criterion that sent the last packet', async ({ app, page }) => {
  // At 1 s A, B and C (classes 1, 2, 0) are backlogged (they offer 8 Mbps each on a 10 Mbps link).
  await app.openPaused('curves/hfsc-link-sharing', 1_000_000_000);
  await app.inspectLink(4);
  const field = (name: string) => page.getByTestId(`state-r-d-${name}`);
  await expect(field('classes')).toHaveText(/^0, 1, 2(, 3)?$/);
  await expect(field('last real-time')).toHaveText(/^(yes|no)$/);
  // Both groups are active: two virtual times.
  expect(((await field('group virtual times').textContent()) ?? '').split(', ')).toHaveLength(2);
  const label = (await app.drawn()).stateLabels.find((l) => l.lines[0]?.startsWith('H-FSC'));
  expect(label?.lines.some((l) => l.startsWith('class 1: v '))).toBe(true);
});
