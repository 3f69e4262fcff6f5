// Slack set at the ingress (UPS Sec. 3), shown per packet: in the fairness example with
// r_est = 50 Mbps (the fair share), the new flow's packets queue at the bottleneck among the
// old flows' in round robin, and the follow panel says how much slack each was given at the
// ingress and how much is left.
import { expect } from '@playwright/test';
import { test } from './support/app';

/** "23.99 ms" or "+1.5µs" in ns. */
function ns(text: string): number {
  const m = /([−+-]?)([\d.]+)\s*(ns|µs|ms|s)/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  const scale = { ns: 1, µs: 1e3, ms: 1e6, s: 1e9 }[(m[3] ?? 'ns') as 'ns' | 'µs' | 'ms' | 's'];
  return (m[1] === '−' || m[1] === '-' ? -1 : 1) * Number(m[2]) * scale;
}

test('a packet of the new flow shows the slack the fairness rule gave it at the ingress', async ({ app, page }) => {
  // 6 ms: the new flow (at rl from 5.112 ms) has packets queued there.
  await app.openPaused('ups/objective-fairness-rest-fair-share', 6_000_000);
  const port = await app.portIndex('rl', 'rr');
  // The first packet of the new flow (flow 20) drawn in that queue.
  const head = await page.evaluate((p) => {
    const q = window.__playground?.drawn()?.queues.find((x) => x.port === p);
    const t = window.__playground?.trace();
    if (!q || !t) return null;
    const i = q.packets.findIndex((pk) => t.flow[t.packet.indexOf(pk)] === 20);
    const packet = q.packets[i];
    const cell = q.at[i];
    return packet !== undefined && cell ? { packet, cell } : null;
  }, port);
  if (!head) throw new Error('no packet of the new flow drawn at rl -> rr');
  const box = await app.topology.boundingBox();
  if (!box) throw new Error('no drawing');
  await page.mouse.click(box.x + head.cell.x, box.y + head.cell.y);
  await expect(page.getByTestId('follow-packet')).toHaveText(String(head.packet));
  // Which packet of its flow it is (packet ids grow in creation order).
  const { flowIds, rank } = await page.evaluate((pk) => {
    const t = window.__playground?.trace();
    if (!t) return { flowIds: undefined, rank: -1 };
    const at = t.packet.indexOf(pk);
    const flow = t.flow[at] ?? -1;
    const seen = new Set<number>();
    for (let i = 0; i < t.kind.length; i++) {
      const other = t.packet[i] ?? pk;
      if (t.flow[i] === flow && other < pk) seen.add(other);
    }
    return { flowIds: window.__playground?.flowIds()[flow], rank: seen.size };
  }, head.packet);
  expect(flowIds).toBe('new');
  // App. B's rule: slack(p_1) = 0, slack(p_i) = slack(p_{i-1}) + 1500 B / 50 Mbps - 12 us
  // (the packets arrive 12 us apart at 1 Gbps): packet i (from 0) gets i x 228 us.
  // Host ports show no slack (the first router sets it): the first hop showing it is rl's.
  const shown = page.getByTestId('hops').locator('li').filter({ hasText: 'given at the ingress' });
  const text = (await shown.first().textContent()) ?? '';
  expect(text).toContain('rl → rr');
  const m = /slack left (\S+) of (.+?) given at the ingress/.exec(text);
  if (!m) throw new Error(`no slack in: ${text}`);
  const initial = ns(m[2] ?? '');
  const expected = rank * 228_000;
  expect(Math.abs(initial - expected)).toBeLessThanOrEqual(Math.max(1, expected * 0.005));
  // What is left is the initial slack minus the wait at rl.
  const left = ns(m[1] ?? '');
  expect(left).toBeLessThan(initial);
});
