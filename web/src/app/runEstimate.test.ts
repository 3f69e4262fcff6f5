import { describe, expect, it } from 'vitest';
import { formatLeft, phaseText, secondsLeft } from './runEstimate';

describe('secondsLeft', () => {
  it('goes by the budget before the pace can be measured: 40 s of CPU x 1.5 in wasm, 10 s gone', () => {
    // 40 x 1.5 = 60 s in all, 60 - 10 = 50 s left.
    expect(secondsLeft('simulating', 0.01, 10_000, 40e9)).toBe(50);
  });
  it('goes by the measured pace once 5% is done: 20 s for a quarter, three quarters to go', () => {
    // 20 s x 0.75 / 0.25 = 60 s, whatever the budget said.
    expect(secondsLeft('simulating', 0.25, 20_000, 1e9)).toBe(60);
  });
  it('says nothing without a budget or a pace, and nothing past the simulation', () => {
    expect(secondsLeft('simulating', 0.01, 500, null)).toBeNull();
    expect(secondsLeft('preparing', 0.5, 20_000, 40e9)).toBeNull();
  });
});

describe('formatLeft and phaseText', () => {
  it('rounds for people', () => {
    expect(formatLeft(3)).toBe('a few seconds left');
    expect(formatLeft(42)).toBe('about 40 s left');
    expect(formatLeft(150)).toBe('about 3 min left');
    expect(formatLeft(7200)).toBe('about 2.0 h left');
  });
  it('names the phase', () => {
    expect(phaseText('simulating', 0.456)).toBe('Simulating… 46%');
    expect(phaseText('summarising', 1)).toBe('Summarising the results…');
    expect(phaseText('preparing', 0.4)).toBe('Preparing the playback… 40%');
    expect(phaseText('checking', 0)).toBe('Checking the scenario…');
  });
});
