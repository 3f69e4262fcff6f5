import { describe, expect, it } from 'vitest';
import { curveX } from './curves';

describe('curveX', () => {
  // A curve anchored at (10, 100), m1 = 4 B/ns up to the knee (12, 108), then m2 = 1 B/ns.
  it('inverts both pieces', () => {
    expect(curveX(10, 100, 12, 108, 1, 100)).toBe(10);
    expect(curveX(10, 100, 12, 108, 1, 104)).toBe(11);
    expect(curveX(10, 100, 12, 108, 1, 108)).toBe(12);
    expect(curveX(10, 100, 12, 108, 1, 111)).toBe(15);
  });
  it('a straight line (no first piece) is the m2 line from the anchor', () => {
    expect(curveX(0, 0, 0, 0, 2, 10)).toBe(5);
  });
});
