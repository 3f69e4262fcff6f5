import { describe, expect, it } from 'vitest';
import type { PlaybackFrame } from '../sim/playback';
import type { RunSummary } from '../sim/types';
import { stageSummary } from './stageSummary';

const summary = {
  nodes: [{ id: 'h1' }, { id: 'r1' }, { id: 'r2' }],
  ports: [{ node: 0, to: 1 }, { node: 1, to: 2 }, { node: 2, to: 1 }],
} as unknown as RunSummary;

const queue = (length: number) => ({ head: [], length });
const frame = (lengths: number[], inFlight = 0, drops = 0): PlaybackFrame => (({
  t: 141_500_000, cursor: 0, queues: lengths.map(queue), states: [],
  inFlight: Array.from({ length: inFlight }, (_, i) => ({ packet: i, flow: 0, port: 0, progress: 0.5 })),
  drops: Array.from({ length: drops }, (_, i) => ({ packet: i, flow: 0, port: 1, time: 0, age: 0, reason: 0, fromQueue: false })),
  marks: [],
}));

describe('the stage as text', () => {
  it('names the ports with packets queued, longest first, with the packets on links and drops', () => {
    // 3 + 9 = 12 queued at 2 ports; r1 → r2 (9) before h1 → r1 (3).
    expect(stageSummary(summary, frame([3, 9, 0], 4, 1))).toBe(
      'At 141.5 ms: 12 packets queued at 2 ports (r1 → r2 9, h1 → r1 3). 4 on the links. 1 dropped just now.',
    );
  });

  it('says when nothing is queued', () => {
    expect(stageSummary(summary, frame([0, 0, 0]))).toBe('At 141.5 ms: no packet queued. 0 on the links.');
  });
});
