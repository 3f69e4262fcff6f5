import { describe, expect, it } from 'vitest';
import { lowerBound, partitionPoint, upperBound } from './search';

describe('binary search', () => {
  // [1, 3, 3, 5]: values below 3 are at 0; at or below 3 at 0..2.
  const arr = [1, 3, 3, 5];
  it('lowerBound is the first index holding >= x', () => {
    expect([0, 1, 3, 4, 6].map((x) => lowerBound(arr, x))).toEqual([0, 0, 1, 3, 4]);
  });
  it('upperBound is the first index holding > x, within the first n', () => {
    expect([0, 1, 3, 4, 6].map((x) => upperBound(arr, x))).toEqual([0, 1, 3, 3, 4]);
    expect(upperBound(arr, 6, 2)).toBe(2);
  });
  it('partitionPoint is where the predicate first fails', () => {
    expect(partitionPoint(10, (i) => i * i < 20)).toBe(5);
    expect(partitionPoint(0, () => true)).toBe(0);
  });
});
