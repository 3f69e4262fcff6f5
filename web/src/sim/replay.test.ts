import { describe, expect, it } from 'vitest';
import { traceFrom, type OrderRow, type Row } from './testTrace';
import { indexTrace } from './playbackIndex';
import { OverdueIndex, locatePacket, originalSchedulers, overdueRows, table1Rows, wentWrong } from './replay';
import { EventKind as K, type OverduePacket, type ReplayReport, type RunSummary } from './types';

// h0 -> r1 -> r2 -> h3; port 0 = r1 -> r2, port 1 = r2 -> h3, both 1 Gbps (1000 B take 8 us).
const summary = {
  nodes: [{ id: 'h0', kind: 'host' }, { id: 'r1', kind: 'router' }, { id: 'r2', kind: 'router' }, { id: 'h3', kind: 'host' }],
  ports: [
    { node: 1, to: 2, bandwidth_bps: 1e9, scheduler: 'lstf' },
    { node: 2, to: 3, bandwidth_bps: 1e9, scheduler: 'lstf' },
    { node: 0, to: 1, bandwidth_bps: 1e9, scheduler: 'fifo' },
  ],
  flows: [{ id: 'a' }, { id: 'b' }],
} as unknown as RunSummary;

// An LSTF replay: packets 0 and 1 share port 0, then port 1; the core's order records put
// each in its queue's head as it is queued.
const rows: Row[] = [
  [0, K.Arrive, 0, 0, 1, 1000],
  [0, K.Enqueue, 0, 0, 0, 20000],
  [0, K.Dequeue, 0, 0, 0, 0],
  [100, K.Arrive, 1, 1, 1, 500],
  [100, K.Enqueue, 1, 1, 0, 5000],
  [8000, K.Depart, 0, 0, 0, 9000],
  [8000, K.Dequeue, 1, 1, 0, 7900],
  [9000, K.Arrive, 0, 0, 2, 1000],
  [9000, K.Enqueue, 0, 0, 1, 30000],
  [9000, K.Dequeue, 0, 0, 1, 0],
  [12000, K.Depart, 1, 1, 0, 13000],
  [13000, K.Arrive, 1, 1, 2, 500],
  [13000, K.Enqueue, 1, 1, 1, 10000],
  [17000, K.Depart, 0, 0, 1, 18000],
  [17000, K.Dequeue, 1, 1, 1, 4000],
  [18000, K.Deliver, 0, 0, 3, 18000],
  [21000, K.Depart, 1, 1, 1, 22000],
  [22000, K.Deliver, 1, 1, 3, 21900],
];
const order: OrderRow[] = [
  [2, 0, 2, 0, 0, 12000], [2, 0, 3, 0, 1, 0], [3, 0, 1, 0, 0, 0], [3, 0, 3, 0, 0, 0],
  [5, 0, 2, 0, 1, 1000], [5, 0, 3, 0, 1, 0], [7, 0, 1, 0, 0, 0], [7, 0, 3, 0, 0, 0],
  [9, 1, 2, 0, 0, 22000], [9, 1, 3, 0, 1, 0], [10, 1, 1, 0, 0, 0], [10, 1, 3, 0, 0, 0],
  [13, 1, 2, 0, 1, 6000], [13, 1, 3, 0, 1, 0], [15, 1, 1, 0, 0, 0], [15, 1, 3, 0, 0, 0],
];
const trace = traceFrom(rows, order);

const row = (over: Partial<OverduePacket>): OverduePacket => ({
  original_id: 10, replay_id: 1, flow: 1, exit_ns: 20000, replay_exit_ns: 21000, late_by_ns: 1000, port: 0, at_ns: 12000,
  behind_ns: 4000, congestion_points: 1, ...over,
});

describe('overdue columns', () => {
  it('become where and when each packet went wrong', () => {
    const columns = {
      replayId: Uint32Array.of(1, 7), port: Uint32Array.of(0, 1), at: Float64Array.of(12000, 30000), behind: Float64Array.of(5, 9),
    };
    expect(wentWrong(columns)).toEqual([{ replayId: 1, port: 0, atNs: 12000 }, { replayId: 7, port: 1, atNs: 30000 }]);
    expect(wentWrong(undefined)).toEqual([]);
  });
});

describe('OverdueIndex', () => {
  const index = new OverdueIndex(
    [row({ replay_id: 1, original_id: 10, at_ns: 12000 }), row({ replay_id: 0, original_id: 11, at_ns: 5000, port: 1 })],
    [{ replayId: 7, port: 1, atNs: 30000 }, { replayId: 1, port: 1, atNs: 99 }],
    [0, 0, 0, 0, 0, 0, 0, 17],
  );

  it('finds the moment with the most overdue packets in flight', () => {
    // In flight: [5000, 6000), [7000, 9000), [8000, 20000): two from 8000 (the first moment with two).
    const busy = new OverdueIndex([
      row({ replay_id: 0, at_ns: 5000, replay_exit_ns: 6000 }),
      row({ replay_id: 1, at_ns: 7000, replay_exit_ns: 9000 }),
      row({ replay_id: 2, at_ns: 8000, replay_exit_ns: 20000 }),
    ]);
    expect(busy.busiestMoment()).toBe(8000);
    // One leaves at 8000 as another goes wrong: still one in flight, so the first moment stays.
    const handover = new OverdueIndex([row({ replay_id: 0, at_ns: 5000, replay_exit_ns: 8000 }), row({ replay_id: 1, at_ns: 8000, replay_exit_ns: 9000 })]);
    expect(handover.busiestMoment()).toBe(5000);
    expect(new OverdueIndex([]).busiestMoment()).toBeNull();
  });

  it('sorts the listed rows by when they went wrong', () => {
    expect(index.rows.map((r) => r.replay_id)).toEqual([0, 1]);
    expect(index.marked).toBe(3);
  });

  it('marks a packet from the moment it went wrong on', () => {
    expect(index.isOverdue(1, 11999)).toBe(false);
    expect(index.isOverdue(1, 12000)).toBe(true); // the listed row wins over the other finding
    expect(index.isOverdue(7, 30000)).toBe(true);
    expect(index.isOverdue(3, 1e9)).toBe(false);
    expect(index.originalOverdue(10, 12000)).toBe(true);
    expect(index.originalOverdue(17, 29999)).toBe(false);
    expect(index.originalOverdue(17, 30000)).toBe(true);
  });

  it('counts what went wrong by t and flashes the recent ones', () => {
    expect([0, 4999, 5000, 12000, 40000].map((t) => index.countAt(t))).toEqual([0, 0, 1, 2, 3]);
    expect(index.flashesAt(12000, 10000)).toEqual([{ packet: 0, port: 1, age: 0.7 }, { packet: 1, port: 0, age: 0 }]);
    expect(index.flashesAt(12000, 7000)).toEqual([{ packet: 1, port: 0, age: 0 }]);
    expect(index.flashesAt(12000, 10000, 1)).toEqual([{ packet: 1, port: 0, age: 0 }]);
    expect(index.flashesAt(12000, 10000, 1, 0)).toHaveLength(2);
    expect(index.flashesAt(12000, 0)).toEqual([]);
  });

  it('turns rows into words: flow, hop as "node → node"', () => {
    expect(overdueRows(index, summary)[1]).toEqual({
      replayId: 1, originalId: 10, flow: 'b', flowIndex: 1, lateBy: 1000, hop: 'r1 → r2', port: 0, atNs: 12000, congestionPoints: 1,
    });
  });
});

describe('report in words', () => {
  it('names the original schedulers at routers', () => {
    expect(originalSchedulers(summary)).toBe('lstf');
    expect(originalSchedulers(summary, (id) => (id === 'lstf' ? 'LSTF (least slack first)' : id))).toBe('LSTF (least slack first)');
  });

  it('lists the Table 1 metrics', () => {
    const report = {
      packets: 35898, excluded_dropped: 0, excluded_unfinished: 2, t_ns: 11680, overdue: 2234, overdue_fraction: 2234 / 35898,
      overdue_by_t: 44, overdue_by_t_fraction: 44 / 35898,
      by_congestion_points: [0, 1, 2, 3, 4].map((points) => ({ points, packets: 10, overdue: points, overdue_fraction: points / 10 })),
    } as unknown as ReplayReport;
    const rows = table1Rows(report);
    const by = (id: string) => rows.find((r) => r.testId === id);
    expect(by('packets')?.value).toBe('35,898');
    expect(by('excluded')?.value).toBe('0 / 2');
    expect(by('overdue')).toMatchObject({ value: '2,234', fraction: '6.22%' });
    expect(by('overdue-by-t')).toMatchObject({ value: '44', fraction: '0.123%' });
    expect(by('cp-4')).toMatchObject({ what: 'overdue with 4+ congestion points', value: '4 of 10', fraction: '40.00%' });
    expect(by('cp-1')?.what).toBe('overdue with 1 congestion point');
  });
});

describe('locatePacket', () => {
  const pb = indexTrace(trace, 2);
  it('finds a packet in a queue, on a link, or nowhere', () => {
    let pos = pb.seek(100);
    expect(locatePacket(pb.queuesAt(pos.cursor), pb.inFlightAt(pos.t, pos.cursor), 1)).toMatchObject({ where: 'queue', port: 0, place: 1, of: 1 });
    pos = pb.seek(10000);
    expect(locatePacket(pb.queuesAt(pos.cursor), pb.inFlightAt(pos.t, pos.cursor), 1)).toEqual({ where: 'link', port: 0, progress: 0.4 });
    pos = pb.seek(30000);
    expect(locatePacket(pb.queuesAt(pos.cursor), pb.inFlightAt(pos.t, pos.cursor), 1)).toEqual({ where: 'none' });
  });
});
