import { describe, expect, it } from 'vitest';
import { Playback } from './playback';
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
const pb = new Playback(trace, 2);

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
});
