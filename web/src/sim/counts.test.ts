import { describe, expect, it } from 'vitest';
import { RunCounts } from './counts';
import { traceFrom, type Row } from './testTrace';
import type { RunSummary } from './types';

const ARR = 0, ENQ = 1, DROP = 4, DLV = 5;

// Nodes: 0 = h1 (flow 0's source), 1 = r, 2 = h2 (its destination). Flow 0 sends data packets
// 0, 1 and 2 from h1; packet 3 is an ACK created at h2 (flow 0 too). Packet 1 is dropped.
const rows: Row[] = [
  /* 0 */ [0, ARR, 0, 0, 0, 1500],
  /* 1 */ [0, ENQ, 0, 0, 0, 0],
  /* 2 */ [1, ARR, 1, 0, 0, 1500],
  /* 3 */ [2, ARR, 0, 0, 1, 1500], // packet 0 again, at the router: not a new packet
  /* 4 */ [3, DROP, 1, 0, 1, 0],
  /* 5 */ [4, ARR, 0, 0, 2, 1500],
  /* 6 */ [4, DLV, 0, 0, 2, 4],
  /* 7 */ [5, ARR, 3, 0, 2, 40], // the ACK, created at h2
  /* 8 */ [6, ARR, 2, 0, 0, 1500],
  /* 9 */ [9, DLV, 3, 0, 0, 4], // the ACK delivered at h1
];
const summary = { flows: [{ src: 0, dst: 2 }] } as unknown as RunSummary;

describe('counts that follow the playhead', () => {
  const counts = new RunCounts(traceFrom(rows), summary);

  it('are zero before the first event', () => {
    expect(counts.at(0)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
    expect(counts.flowAt(0, 0)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
  });

  it('count packets created, delivered and dropped by the cursor; a flow counts its data packets only', () => {
    // After event 4: packets 0 and 1 created, 1 dropped.
    expect(counts.at(5)).toEqual({ sent: 2, delivered: 0, dropped: 1 });
    // After every event: 4 packets created (3 data + 1 ACK), 2 deliveries (data 0, the ACK), 1 drop.
    expect(counts.at(10)).toEqual({ sent: 4, delivered: 2, dropped: 1 });
    expect(counts.flowAt(0, 10)).toEqual({ sent: 3, delivered: 1, dropped: 1 });
    expect(counts.flowAt(7, 10)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
  });
});
