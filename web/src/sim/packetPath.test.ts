import { describe, expect, it } from 'vitest';
import { indexTrace } from './playbackIndex';
import { packetStory } from './packetPath';
import { traceFrom } from './testTrace';
import type { RunSummary } from './types';

// Nodes a(0) -> r(1) -> b(2); port 0 = a -> r, port 1 = r -> b. Packet 7 of flow 0 goes a -> b
// and is delivered; packet 8 is refused at port 1 when the buffer is full.
const summary = {
  nodes: [{ id: 'a' }, { id: 'r' }, { id: 'b' }],
  ports: [{ node: 0, to: 1 }, { node: 1, to: 2 }],
} as unknown as RunSummary;
const trace = traceFrom([
  [0, 0, 7, 0, 0, 1500],
  [0, 1, 7, 0, 0, 0],
  [0, 2, 7, 0, 0, 0],
  [120, 3, 7, 0, 0, 1120],
  [130, 0, 8, 0, 1, 1500],
  [130, 4, 8, 0, 1, 0],
  [1120, 0, 7, 0, 1, 1500],
  [1120, 1, 7, 0, 1, 1120],
  [1120, 2, 7, 0, 1, 0],
  [2240, 3, 7, 0, 1, 3240],
  [3240, 0, 7, 0, 2, 1500],
  [3240, 5, 7, 0, 2, 3240],
]);
const pb = indexTrace(trace, 2);

describe('packetStory', () => {
  it('lists a delivered packet hop by hop with places and values', () => {
    const story = packetStory(trace, summary, 7, (i) => pb.event(i));
    expect(story).toMatchObject({ packet: 7, flow: 0, size: 1500, created: 0 });
    expect(story?.hops.map((h) => `${h.index} ${h.what} ${h.where} ${h.value}`)).toEqual([
      '0 arrive a 1500', '1 enqueue a → r 0', '2 dequeue a → r 0', '3 depart a → r 1120',
      '6 arrive r 1500', '7 enqueue r → b 1120', '8 dequeue r → b 0', '9 depart r → b 3240',
      '10 arrive b 1500', '11 deliver b 3240',
    ]);
  });

  it('says why a packet was dropped', () => {
    const story = packetStory(trace, summary, 8, (i) => pb.event(i));
    expect(story?.hops[1]).toMatchObject({ what: 'drop', where: 'r → b', reason: 'buffer_full (refused on arrival)' });
    expect(packetStory(trace, summary, 99, (i) => pb.event(i))).toBeNull();
  });

  it('shows the slack left at each transmission when the run keeps it', () => {
    // A slack record applies right after its dequeue (event 2 -> at 3, event 8 -> at 9); the
    // story attaches each to its hop as the core wrote it.
    const withSlack = { ...trace, slack: traceFrom([], [], [], [[3, 7, 1e6, 1e6], [9, 7, 1e6, 998_880]]).slack };
    const story = packetStory(withSlack, summary, 7, (i) => pb.event(i));
    const dequeues = story?.hops.filter((h) => h.what === 'dequeue').map((h) => h.slack);
    expect(dequeues).toEqual([{ current: 1e6, initial: 1e6 }, { current: 998_880, initial: 1e6 }]);
    expect(packetStory(trace, summary, 7, (i) => pb.event(i))?.hops[2]?.slack).toBeUndefined();
  });
});
