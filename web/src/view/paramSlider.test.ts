import { describe, expect, it } from 'vitest';
import type { ParamInfo } from '../scenario/registry';
import { paramSlider, sliderNumber } from './paramSlider';

// FSC's two parameters as the core's registry lists them today (sched/registry/curves.rs):
// bpr a real in [1, 1000], default 5; pbs a size in [0B, 1GiB], default "10000B".
const bpr = { name: 'bpr', description: '', type: 'real', min: 1, max: 1000, default: 5 } as ParamInfo;
const pbs = { name: 'pbs', description: '', type: 'size', min: '0B', max: '1GiB', default: '10000B' } as ParamInfo;
/** The parameter with a `slider` field, as the registry would list one. */
const withSlider = (p: ParamInfo, slider: object) => ({ ...p, slider }) as unknown as ParamInfo;

describe('a registry parameter as a slider', () => {
  it('reads numbers and sizes (bytes)', () => {
    expect([sliderNumber(5), sliderNumber('10000B'), sliderNumber('64KB'), sliderNumber('1GiB')]).toEqual([5, 10_000, 64_000, 1_073_741_824]);
    expect([sliderNumber('fast'), sliderNumber(null), sliderNumber(Infinity)]).toEqual([null, null, null]);
  });

  it('starts at the scenario\'s value, else the default, and spans the valid range when the registry gives no slider', () => {
    expect(paramSlider(bpr)).toEqual({ min: 1, max: 1000, step: 'any', initial: 5 });
    expect(paramSlider(bpr, 2.5)).toEqual({ min: 1, max: 1000, step: 'any', initial: 2.5 });
    // A size moves in whole bytes (the core reads "1234B", not "1234.5B").
    expect(paramSlider(pbs, '6000B')).toEqual({ min: 0, max: 1_073_741_824, step: 1, initial: 6000 });
    expect(paramSlider(undefined)).toBeNull();
  });

  it('takes the registry\'s slider range and step when it lists one', () => {
    expect(paramSlider(withSlider(pbs, { min: '0B', max: '64000B', step: '1000B' }))).toEqual({ min: 0, max: 64_000, step: 1000, initial: 10_000 });
    expect(paramSlider(withSlider(bpr, { min: 1, max: 10, step: 0.5 }))).toEqual({ min: 1, max: 10, step: 0.5, initial: 5 });
    // A slider the page cannot read is no slider (the view leaves it out).
    expect(paramSlider(withSlider(bpr, { min: 1, max: 10, step: 0 }))).toBeNull();
    expect(paramSlider(withSlider(bpr, { min: 10, max: 1, step: 1 }))).toBeNull();
  });
});
