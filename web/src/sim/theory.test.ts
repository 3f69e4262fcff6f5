import { describe, expect, it } from 'vitest';
import { defaultReplayName, listedReplays, replayLabel } from './replay';
import { parseReplayCatalog } from './replayNames';
import { TEST_REPLAY_MODES } from './testReplayCatalog';
import { exits, inUnits, paperRows, stepPackets, stepTime, type ScheduleTable } from './theory';
import type { ModeInfo, ReplayReport, RunSummary } from './types';

// UPS Fig. 9 (App. A.6), 1 unit = 1 us: a1: a(0, 0), b(0, 1); a2: b(2, 2), c(2, 2.5);
// a3: c(3, 3), a(3, 3.2). Nodes: a1 = 0, w1 = 1, a2 = 2, a3 = 3; w1 never holds a packet (no
// congestion point). Replay a < b < c (worked out in the scenario): a1 and a2 as in the
// original, then at a3 a goes first, c leaves at 3.4 (target 3.2): the core flags it late by
// 0.2 units (late, late_by_ns in the replay's table; never in the original's).
const summary = { nodes: [{ id: 'a1' }, { id: 'w1' }, { id: 'a2' }, { id: 'a3' }] } as unknown as RunSummary;
const hop = (node: number, arrive: number, start: number, cp = true) =>
  ({ node, port: node, congestion_point: cp, arrive_ns: arrive, start_ns: start, resumed_ns: null, depart_ns: null });
const original: ScheduleTable = {
  unit_ns: 1000,
  packets: [
    { id: 0, name: 'a', flow: 0, exit_ns: 3400, late: false, late_by_ns: null, congestion_points: 2, hops: [hop(0, 0, 0), hop(1, 1000, 1000, false), hop(3, 3000, 3200)] },
    { id: 1, name: 'b', flow: 1, exit_ns: 2500, late: false, late_by_ns: null, congestion_points: 2, hops: [hop(0, 0, 1000), hop(1, 2000, 2000, false), hop(2, 2000, 2000)] },
    { id: 2, name: 'c', flow: 2, exit_ns: 3200, late: false, late_by_ns: null, congestion_points: 2, hops: [hop(2, 2000, 2500), hop(3, 3000, 3000)] },
  ],
};
const [pa, pb, pc] = original.packets as [ScheduleTable['packets'][number], ScheduleTable['packets'][number], ScheduleTable['packets'][number]];
const abc: ScheduleTable = {
  unit_ns: 1000,
  packets: [
    { ...pa, exit_ns: 3200, hops: [hop(0, 0, 0), hop(1, 1000, 1000, false), hop(3, 3000, 3000)] },
    { ...pb, exit_ns: 2500 },
    { ...pc, exit_ns: 3400, late: true, late_by_ns: 200, hops: [hop(2, 2000, 2500), hop(3, 3000, 3200)] },
  ],
};
const cells = (list: readonly { name: string; arrive: number | null; start: number | null }[] | null) =>
  (list ?? []).map((c) => `${c.name}(${inUnits(c.arrive, 1000)}, ${inUnits(c.start, 1000)})`).join(', ');

describe('the paper\'s tables', () => {
  it('lists each congestion point with its packets in order of scheduling time, in units', () => {
    const rows = paperRows(summary, original, null);
    expect(rows.map((r) => [r.node, cells(r.original)])).toEqual([
      ['a1', 'a(0, 0), b(0, 1)'],
      ['a2', 'b(2, 2), c(2, 2.5)'],
      ['a3', 'c(3, 3), a(3, 3.2)'],
    ]);
    expect(rows.every((r) => r.replay === null)).toBe(true);
  });

  it('puts the replay beside it and marks the packets the core flags late', () => {
    const rows = paperRows(summary, original, abc);
    const a3 = rows.find((r) => r.node === 'a3');
    expect(cells(a3?.replay ?? null)).toBe('a(3, 3), c(3, 3.2)');
    expect(a3?.replay?.map((c) => c.late)).toEqual([false, true]);
    expect(exits(original, abc).map((e) => [e.name, e.lateBy])).toEqual([['a', null], ['b', null], ['c', 200]]);
  });
});

describe('lesson marks', () => {
  const report = { original_ids: [1, 0, 2] } as unknown as ReplayReport;
  it('name packets by their id in the view the mark is about', () => {
    const step = { at: '3us', node: 'a3', packets: ['c', 'a'], text: '' };
    expect(stepTime(step)).toBe(3000);
    expect([...stepPackets(step, original, null)]).toEqual([[2, 'c'], [0, 'a']]);
    // In the replay, original packet 0 (a) is replay packet 1.
    expect([...stepPackets({ ...step, replay: 'a<b<c' }, original, report)]).toEqual([[2, 'c'], [1, 'a']]);
  });
});

describe('replay names', () => {
  // The core's catalog as the page receives it (JSON), with an entry that is not a mode
  // (skipped when read).
  const catalog = JSON.stringify({ modes: [...TEST_REPLAY_MODES, { mode: 'priority_a6' }] });
  const modes: ModeInfo[] = parseReplayCatalog(catalog);

  it('are the core catalog\'s, looked up', () => {
    expect(modes.map((m) => m.mode)).toEqual(['lstf', 'edf', 'priority', 'omniscient']);
    expect(parseReplayCatalog('not json')).toEqual([]);
    expect(defaultReplayName(modes, 'lstf', true)).toBe('lstf_preemptive');
    expect(defaultReplayName(modes, 'omniscient', true)).toBe('omniscient');
    expect(defaultReplayName(modes, 'omniscient', false)).toBe('omniscient_nonpreemptive');
    expect(defaultReplayName(modes, 'priority_a6', false)).toBeUndefined();
    expect(replayLabel(modes, { name: 'lstf_preemptive', mode: 'lstf', preemptive: true })).toBe('LSTF, preemptive');
    expect(replayLabel(modes, { name: 'omniscient', mode: 'omniscient', preemptive: true })).toBe('Omniscient header');
    expect(replayLabel(modes, { name: 'a<b<c', mode: 'priority', preemptive: true })).toBe('a<b<c: Simple priorities o(p), preemptive');
    const listed = listedReplays(modes, ['lstf_preemptive', { mode: 'priority', preemptive: true, name: 'a<b<c' }, { mode: 'omniscient' }, 'bogus']);
    expect(listed.map((r) => [r.name, r.mode, r.preemptive])).toEqual([
      ['lstf_preemptive', 'lstf', true], ['a<b<c', 'priority', true], ['omniscient', 'omniscient', true],
    ]);
  });
});
