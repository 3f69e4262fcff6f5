// Binary search over sorted data: the one copy the page's playhead lookups share.

/**
 * The first index i in [0, n) for which `before(i)` is false, where `before` holds up to some
 * index and fails from there on (n when it never fails).
 */
export function partitionPoint(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first element of the sorted `arr` (first `n` entries) that is >= x. */
export const lowerBound = (arr: ArrayLike<number>, x: number, n = arr.length): number =>
  partitionPoint(n, (i) => (arr[i] as number) < x);

/** Index of the first element of the sorted `arr` (first `n` entries) that is > x. */
export const upperBound = (arr: ArrayLike<number>, x: number, n = arr.length): number =>
  partitionPoint(n, (i) => (arr[i] as number) <= x);
