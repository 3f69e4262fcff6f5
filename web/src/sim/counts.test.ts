import { describe, expect, it } from 'vitest';
import { RunCounts } from './counts';
import { traceFrom, type Row } from './testTrace';
import { PacketRole } from './types';
import { countTrace } from './countsIndex';

const ARR = 0, ENQ = 1, DROP = 4, DLV = 5;
const { Data: DATA, Retransmission: RETX, Ack: ACK } = PacketRole;

// Nodes: 0 = h1 (flow 0's source), 1 = r, 2 = h2 (its destination). Flow 0 sends data packets
// 0, 1 and 2 from h1 (2 a retransmission of 1); packet 3 is an ACK created at h2 (flow 0 too),
// as the core's role column says. Packet 1 is dropped; the ACK is dropped on a second try
// (packet 4). The counts read the role, not where a packet was created.
const rows: Row[] = [
  /* 0 */ [0, ARR, 0, 0, 0, 1500, DATA],
  /* 1 */ [0, ENQ, 0, 0, 0, 0, DATA],
  /* 2 */ [1, ARR, 1, 0, 0, 1500, DATA],
  /* 3 */ [2, ARR, 0, 0, 1, 1500, DATA], // packet 0 again, at the router: not a new packet
  /* 4 */ [3, DROP, 1, 0, 1, 0, DATA],
  /* 5 */ [4, ARR, 0, 0, 2, 1500, DATA],
  /* 6 */ [4, DLV, 0, 0, 2, 4, DATA],
  /* 7 */ [5, ARR, 3, 0, 2, 40, ACK], // the ACK, created at h2
  /* 8 */ [6, ARR, 2, 0, 0, 1500, RETX],
  /* 9 */ [9, DLV, 3, 0, 0, 4, ACK], // the ACK delivered at h1
  /* 10 */ [10, ARR, 4, 0, 2, 40, ACK],
  /* 11 */ [11, DROP, 4, 0, 1, 0, ACK], // an ACK dropped: in the totals, not the flow's drops
];

describe('counts that follow the playhead', () => {
  const counts = countTrace(traceFrom(rows));

  it('are zero before the first event', () => {
    expect(counts.at(0)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
    expect(counts.flowAt(0, 0)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
  });

  it('count packets created, delivered and dropped by the cursor; a flow counts its data packets only', () => {
    // After event 4: packets 0 and 1 created, 1 dropped.
    expect(counts.at(5)).toEqual({ sent: 2, delivered: 0, dropped: 1 });
    // After event 9: 4 packets created (3 data, one a retransmission, + 1 ACK), 2 deliveries
    // (data 0, the ACK), 1 drop; the flow: 3 data packets sent, 1 delivered, 1 dropped.
    expect(counts.at(10)).toEqual({ sent: 4, delivered: 2, dropped: 1 });
    expect(counts.flowAt(0, 10)).toEqual({ sent: 3, delivered: 1, dropped: 1 });
    expect(counts.flowAt(7, 10)).toEqual({ sent: 0, delivered: 0, dropped: 0 });
    // After every event: the second ACK is created and dropped; the totals count it, the flow does not.
    expect(counts.at(12)).toEqual({ sent: 5, delivered: 2, dropped: 2 });
    expect(counts.flowAt(0, 12)).toEqual({ sent: 3, delivered: 1, dropped: 1 });
  });

  it('built in the worker and transferred, answer the same here (their arrays move, not copied)', () => {
    const built = countTrace(traceFrom(rows));
    const buffers = built.buffers();
    const moved = RunCounts.revive(structuredClone(built, { transfer: buffers }));
    // Transferred: the worker's copies are emptied.
    expect(buffers.every((b) => b.byteLength === 0)).toBe(true);
    expect(moved.at(10)).toEqual({ sent: 4, delivered: 2, dropped: 1 });
    expect(moved.flowAt(0, 12)).toEqual({ sent: 3, delivered: 1, dropped: 1 });
  });
});
