// A slider for one number parameter of a registry entry (the FSC view's BPR and PBS): its range,
// step and default as the core's scheduler registry lists them, in the unit the slider moves in
// (bytes for a size). The parameter's `slider` ({min, max, step}, written as the parameter's
// values are: the range worth exploring) when the registry gives one; else its valid range
// (`min`, `max`), in steps of one for whole numbers (an int, bytes) and any step for a real.
// Pure TypeScript, no DOM.
import type { ParamInfo } from '../scenario/registry';
import { parseSize } from '../scenario/units';

export interface Slider {
  readonly min: number;
  readonly max: number;
  readonly step: number | 'any';
  /** The scenario's value when it sets one, else the parameter's default. */
  readonly initial: number;
}

/** A registry value as a slider number: a number, or a size ("10000B", "64KB") in bytes; null otherwise. */
export function sliderNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const r = parseSize(v);
  return r.ok ? r.value : null;
}

/** The valid range, where the parameter's kind has one. */
interface Range {
  readonly min?: unknown;
  readonly max?: unknown;
}

/** The slider of parameter `p` starting at `value` (the scenario's; its default when absent); null when the registry cannot say. */
export function paramSlider(p: ParamInfo | undefined, value?: unknown): Slider | null {
  if (!p) return null;
  const { min: validMin, max: validMax } = p as Range;
  const slider = p.slider;
  const min = sliderNumber(slider?.min ?? validMin);
  const max = sliderNumber(slider?.max ?? validMax);
  const whole = p.type === 'int' || p.type === 'size';
  const step = slider ? sliderNumber(slider.step) : whole ? 1 : 'any';
  const initial = sliderNumber(value) ?? sliderNumber(p.default);
  if (min === null || max === null || step === null || step === 0 || initial === null || min > max) return null;
  return { min, max, step, initial };
}
