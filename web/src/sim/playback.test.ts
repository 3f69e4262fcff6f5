import { describe, expect, it } from 'vitest';
import { Playback } from './playback';
import { indexTrace } from './playbackIndex';
import { traceFrom, type OrderRow, type Row, type StateRow } from './testTrace';

const ARR = 0, ENQ = 1, DEQ = 2, DEP = 3, DROP = 4, DLV = 5;

// Two ports. Port 1 is a rank queue (key = rank): packets enter with keys 5, 3, 5, 1.
// Columns: time, kind, packet, flow, loc (port or node), value.
const rows: Row[] = [
  /* 0 */ [0, ENQ, 0, 0, 1, 50],
  /* 1 */ [0, DEQ, 0, 0, 1, 0],
  /* 2 */ [1, ENQ, 1, 1, 1, 5],
  /* 3 */ [2, ENQ, 2, 0, 1, 3],
  /* 4 */ [3, ENQ, 3, 1, 1, 5],
  /* 5 */ [4, ENQ, 4, 0, 1, 1],
  /* 6 */ [5, DROP, 5, 1, 1, 0], // refused on arrival (buffer full), never queued
  /* 7 */ [6, DROP, 3, 1, 1, 1 + 256], // pushed out of the queue
  /* 8 */ [10, DEP, 0, 0, 1, 30], // packet 0 reaches the far end at t=30
  /* 9 */ [10, DEQ, 4, 0, 1, 9],
  /* 10 */ [20, DEP, 4, 0, 1, 40],
  /* 11 */ [20, DEQ, 2, 0, 1, 18],
  /* 12 */ [30, ENQ, 6, 0, 0, 30],
  /* 13 */ [30, ARR, 0, 0, 2, 1500],
  /* 14 */ [30, DLV, 0, 0, 2, 30],
  /* 15 */ [40, ARR, 4, 0, 2, 1500],
];
// The core's order records for these events (port 1). At event 6 it reorders the head (as a
// round robin would): the page must draw that order, not the keys' order.
const INS = 2, REM = 1, CLR = 0, LEN = 3;
const order: OrderRow[] = [
  [1, 1, INS, 0, 0, 50], [1, 1, LEN, 0, 1, 0],
  [2, 1, REM, 0, 0, 0], [2, 1, LEN, 0, 0, 0],
  [3, 1, INS, 0, 1, 5], [3, 1, LEN, 0, 1, 0],
  [4, 1, INS, 0, 2, 3], [4, 1, LEN, 0, 2, 0],
  [5, 1, INS, 2, 3, 5], [5, 1, LEN, 0, 3, 0],
  [6, 1, CLR, 0, 0, 0],
  [6, 1, INS, 0, 2, 3],
  [6, 1, INS, 1, 4, 1],
  [6, 1, INS, 2, 1, 5],
  [6, 1, INS, 3, 3, 5], [6, 1, LEN, 0, 4, 0],
  [8, 1, REM, 3, 0, 0], [8, 1, LEN, 0, 3, 0],
  [10, 1, REM, 1, 0, 0], [10, 1, LEN, 0, 2, 0],
  [12, 1, REM, 0, 0, 0], [12, 1, LEN, 0, 1, 0],
  [13, 0, INS, 0, 6, 30], [13, 0, LEN, 0, 1, 0],
];
// Port 1's state: field 0 from the start, emptied at 5; field 1 from event 3.
const state: StateRow[] = [[0, 1, 0, [20]], [3, 1, 1, [7, 8]], [5, 1, 0, []]];
const trace = traceFrom(rows, order, state);

/** Packet ids at the head of port 1's queue, in the core's order. */
function port1(pb: Playback, cursor: number): number[] {
  return (pb.queuesAt(cursor)[1]?.head ?? []).map((q) => q.packet);
}

describe('Playback queues', () => {
  const expected: Record<number, number[]> = {
    0: [],
    1: [0],
    2: [],
    3: [1],
    4: [2, 1],
    5: [2, 1, 3],
    6: [2, 4, 1, 3], // the core's order, not ascending keys (which would put 4 first)
    7: [2, 4, 1, 3], // a drop on arrival leaves the queue alone
    8: [2, 4, 1], // push-out removes packet 3
    10: [2, 1],
    12: [1],
    16: [1],
  };
  const lengths: Record<number, number> = { 0: 0, 1: 1, 2: 0, 6: 4, 7: 4, 8: 3, 10: 2, 12: 1, 16: 1 };

  it('draws each queue in the order the core gives, with the length it gives', () => {
    const pb = indexTrace(trace, 2, 4);
    for (const [cursor, ids] of Object.entries(expected)) {
      expect(port1(pb, Number(cursor)), `cursor ${cursor}`).toEqual(ids);
    }
    for (const [cursor, n] of Object.entries(lengths)) {
      expect(pb.queuesAt(Number(cursor))[1]?.length, `cursor ${cursor}`).toBe(n);
    }
    expect(pb.queuesAt(13)[0]?.head.map((q) => q.packet)).toEqual([6]);
  });

  it('reports the shown value and the flow of queued packets', () => {
    const pb = indexTrace(trace, 2);
    expect(pb.queuesAt(6)[1]?.head).toEqual([
      { packet: 2, flow: 0, key: 3 },
      { packet: 4, flow: 0, key: 1 },
      { packet: 1, flow: 1, key: 5 },
      { packet: 3, flow: 1, key: 5 },
    ]);
  });

  it('is exact when scrubbing backwards and jumping, whatever the checkpoint spacing', () => {
    const visits = [16, 3, 8, 7, 0, 12, 5, 5, 6, 1, 10, 4, 2, 16, 0];
    for (const every of [1, 2, 3, 4, 1000]) {
      const pb = indexTrace(trace, 2, every);
      for (const cursor of visits) {
        expect(port1(pb, cursor), `every ${every}, cursor ${cursor}`).toEqual(expected[cursor] ?? port1(indexTrace(trace, 2), cursor));
      }
    }
  });

  it('gives each port\'s scheduler state at a cursor', () => {
    const pb = indexTrace(trace, 2);
    expect(pb.stateAt(1, 0)).toEqual([[20], null]);
    expect(pb.stateAt(1, 4)).toEqual([[20], [7, 8]]);
    expect(pb.stateAt(1, 9)).toEqual([[], [7, 8]]);
    expect(pb.stateAt(0, 9)).toEqual([]);
  });
});

describe('Playback positions', () => {
  const pb = indexTrace(trace, 2);

  it('counts the events at or before t', () => {
    expect(pb.cursorAt(-1)).toBe(0);
    expect(pb.cursorAt(0)).toBe(2);
    expect(pb.cursorAt(9.5)).toBe(8);
    expect(pb.cursorAt(10)).toBe(10);
    expect(pb.cursorAt(100)).toBe(16);
    expect(pb.endTime).toBe(40);
  });

  it('steps one event forward and back', () => {
    expect(pb.stepForward({ t: 0, cursor: 0 })).toEqual({ t: 0, cursor: 1 });
    expect(pb.stepForward({ t: 7, cursor: 8 })).toEqual({ t: 10, cursor: 9 });
    expect(pb.stepForward({ t: 40, cursor: 16 })).toEqual({ t: 40, cursor: 16 });
    expect(pb.stepBack({ t: 10, cursor: 9 })).toEqual({ t: 6, cursor: 8 });
    expect(pb.stepBack({ t: 0, cursor: 1 })).toEqual({ t: 0, cursor: 0 });
    expect(pb.stepBack({ t: 0, cursor: 0 })).toEqual({ t: 0, cursor: 0 });
    // Stepping back from a time between events un-applies the last event before it.
    expect(pb.stepBack(pb.seek(15))).toEqual({ t: 10, cursor: 9 });
  });

  it('describes events', () => {
    expect(pb.event(7)).toEqual({ index: 7, time: 6, kind: DROP, packet: 3, flow: 1, loc: 1, value: 257 });
    expect(pb.event(16)).toBeNull();
  });
});

describe('Playback packets in flight', () => {
  const pb = indexTrace(trace, 2);

  it('puts a packet on the link from its dequeue until its arrival at the far end', () => {
    expect(pb.inFlightAt(0, 2)).toEqual([{ packet: 0, flow: 0, port: 1, progress: 0 }]);
    expect(pb.inFlightAt(0, 1)).toEqual([]); // the dequeue (event 1) is not applied yet
    expect(pb.inFlightAt(15, pb.cursorAt(15))).toEqual([
      { packet: 0, flow: 0, port: 1, progress: 0.5 },
      { packet: 4, flow: 0, port: 1, progress: 1 / 6 },
    ]);
  });

  it('keeps a packet at the far end until its arrival event is applied', () => {
    // Stepped to event 12 (t=30): packet 0's arrival (event 13) is still to come.
    expect(pb.inFlightAt(30, 13).map((f) => [f.packet, f.progress])).toEqual([[0, 1], [4, 2 / 3]]);
    expect(pb.inFlightAt(30, 14).map((f) => f.packet)).toEqual([4]);
    expect(pb.inFlightAt(40, 16)).toEqual([]);
  });

  it('ignores a dequeue whose departure is not in the trace', () => {
    // Packet 2 is dequeued at t=20 but the trace ends before it departs.
    expect(pb.inFlightAt(25, pb.cursorAt(25)).map((f) => f.packet)).toEqual([0, 4]);
  });
});

describe('Playback drops', () => {
  const pb = indexTrace(trace, 2);

  it('lists drops within the flash window, oldest first', () => {
    expect(pb.dropsAt(6, pb.cursorAt(6), 10)).toEqual([
      { packet: 5, flow: 1, port: 1, time: 5, age: 0.1, reason: 0, fromQueue: false },
      { packet: 3, flow: 1, port: 1, time: 6, age: 0, reason: 1, fromQueue: true },
    ]);
    expect(pb.dropsAt(15, pb.cursorAt(15), 10).map((d) => [d.packet, d.age])).toEqual([[3, 0.9]]);
    expect(pb.dropsAt(16, pb.cursorAt(16), 10)).toEqual([]);
  });

  it('does not show a drop before its event is applied', () => {
    expect(pb.dropsAt(6, 7, 10).map((d) => d.packet)).toEqual([5]);
  });
});

describe('Playback stage drops', () => {
  it("flashes a stage's drop at its queue, view ports + stage id, not at the port of that number", () => {
    const STAGE_ENQ = 8, STAGE_DROP = 11;
    // Two ports and stage 0 (a middlebox's CPU): its queue is view 2. Packet 1 is queued at
    // the stage, packet 2 refused there (reason 6: its flow's queue is full), packet 3
    // dropped at port 0.
    const pb = indexTrace(traceFrom([
      [0, STAGE_ENQ, 1, 0, 0, 9000],
      [1, STAGE_DROP, 2, 1, 0, 6],
      [2, DROP, 3, 0, 0, 0],
    ], [[1, 2, INS, 0, 1, 9000], [1, 2, LEN, 0, 1, 0]]), 2);
    expect(pb.dropsAt(3, 3, 10).map((d) => [d.packet, d.port, d.reason])).toEqual([[2, 2, 6], [3, 0, 0]]);
    // The stage's queue (view 2) does not widen the port count the drops are placed by.
    expect(pb.queuesAt(3)[2]?.head.map((q) => [q.packet, q.key])).toEqual([[1, 9000]]);
  });
});

describe('Playback ECN marks', () => {
  it('lists marks within the flash window with their reason, apart from drops', () => {
    const MARK = 7;
    // Packet 1 is marked at port 0 at t=2 (reason 1: AQM), then dequeued; packet 2 dropped.
    const pb = indexTrace(traceFrom([
      [0, ENQ, 1, 0, 0, 0],
      [2, MARK, 1, 0, 0, 1],
      [2, DEQ, 1, 0, 0, 2],
      [3, DROP, 2, 0, 0, 2],
    ]), 1);
    expect(pb.marksAt(4, 4, 10)).toEqual([{ packet: 1, flow: 0, port: 0, time: 2, age: 0.2, reason: 1 }]);
    expect(pb.marksAt(4, 1, 10)).toEqual([]);
    expect(pb.frame({ t: 4, cursor: 4 }, 10).drops.map((d) => d.packet)).toEqual([2]);
  });
});

describe('Playback frame', () => {
  it('bundles queues, flights and drops for one position', () => {
    const pb = indexTrace(trace, 2);
    const frame = pb.frame({ t: 6, cursor: 8 }, 10);
    expect(frame.queues[1]?.head.map((q) => q.packet)).toEqual([2, 4, 1]);
    expect(frame.inFlight.map((f) => f.packet)).toEqual([0]);
    expect(frame.drops.map((d) => d.packet)).toEqual([5, 3]);
  });

  it('handles an empty trace', () => {
    const pb = indexTrace(traceFrom([]), 3);
    expect(pb.queuesAt(0)).toEqual([0, 1, 2].map(() => ({ head: [], length: 0 })));
    expect(pb.endTime).toBe(0);
    expect(pb.stepForward({ t: 0, cursor: 0 })).toEqual({ t: 0, cursor: 0 });
  });
});
