// Values the core exports with a unit (a queued packet's key, a scheduler's state), in words.
// The unit says how to print; no scheduling rule lives here. A "deadline" is an instant that
// the page shows against the playhead: its slack, negative once it has passed.
import type { Unit } from '../sim/types';
import { compactNumber, formatBandwidth, formatDuration } from './format';

function trim(x: number, digits = 3): string {
  return Number(x.toPrecision(digits)).toString();
}

/** "12.3 KB", "1.5 MB", "900 B". */
export function formatBytes(b: number): string {
  const a = Math.abs(b);
  if (a >= 1e9) return `${trim(b / 1e9)} GB`;
  if (a >= 1e6) return `${trim(b / 1e6)} MB`;
  if (a >= 1e3) return `${trim(b / 1e3)} KB`;
  return `${trim(b)} B`;
}

/** "−2.35 µs", "+120 µs", "+2.2e7s": a signed time, short. */
export function formatSigned(ns: number): string {
  const sign = ns < 0 ? '−' : '+';
  const a = Math.abs(ns);
  if (a < 1e3) return `${sign}${trim(a)}ns`;
  if (a < 1e6) return `${sign}${trim(a / 1e3)}µs`;
  if (a < 1e9) return `${sign}${trim(a / 1e6)}ms`;
  // Slacks of seconds per byte (UPS Sec. 3.1) run to millions of seconds: "+2.2e7s".
  if (a >= 1e13) return `${sign}${(a / 1e9).toExponential(1).replace('e+', 'e')}s`;
  return `${sign}${trim(a / 1e9)}s`;
}

/** The slack a deadline leaves at the playhead `t`; null for other units. */
export function slackOf(value: number, unit: Unit, t: number): number | null {
  return unit === 'deadline' ? value - t : null;
}

/**
 * A value in words: "1.4 ms", "slack −2.3 µs" (with the label), "12.3 KB", "37", "yes", "0.962";
 * a flow by its id from `flows` (the run's flow ids, in order), else "flow 3"; "none" for NaN,
 * the core's value that does not apply (sim/src/view.rs `StateView`).
 */
export function formatValue(value: number, unit: Unit, t: number, flows?: readonly string[]): string {
  if (Number.isNaN(value)) return 'none';
  switch (unit) {
    case 'ns': return formatDuration(value);
    case 'deadline': return formatSigned(value - t);
    case 'bytes': return formatBytes(value);
    case 'millibits': return formatBytes(value / 8000);
    case 'bps': return formatBandwidth(value);
    case 'packets': return `${trim(value, 6)} pkt`;
    case 'rank': return trim(value, 15);
    case 'fraction': return trim(value);
    case 'flag': return value !== 0 ? 'yes' : 'no';
    case 'billionths': return trim(value / 1e9, 9);
    case 'flow': return flows?.[value] ?? `flow ${value}`;
  }
}

/** The same, as short as a queue cell needs: "1.4ms", "−2.3µs", "12KB", "37", "142.1M". */
export function shortValue(value: number, unit: Unit, t: number): string {
  if (Number.isNaN(value)) return '–';
  if (unit === 'rank') return compactNumber(value);
  if (unit === 'billionths') return trim(value / 1e9, 4);
  return formatValue(value, unit, t).replace(/ (?=[a-zA-Zµ])/, '');
}
