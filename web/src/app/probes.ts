// What the mounted views report to the end-to-end tests' handle (testHandle.ts), which loads
// after the first paint: they write here, the handle reads.
import type { DrawnFrame } from '../view/packetLayer';

/** The mounted chart reports its point count here. */
export const chartProbe = { pointCount: (): number => 0 };
/** The mounted topology view reports what it drew here. */
export const viewProbe = {
  drawn: (): DrawnFrame | null => null,
  replayDrawn: (): DrawnFrame | null => null,
  compareDrawn: [] as (() => DrawnFrame | null)[],
};
