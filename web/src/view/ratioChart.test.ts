import { describe, expect, it } from 'vitest';
import { cdfPoints, decadeLabel, ratioDomain } from './ratioChart';

describe('the queueing-delay ratio CDF', () => {
  it('spans whole decades around the ratios, at least 0.1 to 10', () => {
    expect(ratioDomain([0, 0.5, 1, 2])).toEqual([0.1, 10]);
    expect(ratioDomain([0, 0.031, 1, 11329])).toEqual([0.01, 100000]);
    expect(ratioDomain([])).toEqual([0.1, 10]);
  });

  it('puts quantile i of n at height i / (n - 1), zero ratios at the left edge', () => {
    expect(cdfPoints([0, 1, 4], 0.1)).toEqual([[0.1, 0], [1, 0.5], [4, 1]]);
  });

  it('labels decades shortly', () => {
    expect([0.01, 1, 100, 1000, 100000, 1e6].map(decadeLabel)).toEqual(['0.01', '1', '100', '1k', '100k', '1M']);
  });
});
