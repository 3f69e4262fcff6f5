// Number formatting for the page. Times are integer nanoseconds.

function trim(x: number): string {
  return Number(x.toPrecision(4)).toString();
}

/** "0 s", "750 ns", "12.5 µs", "3.2 ms", "1.25 s", "1 min", "1 min 20 s", "3 min 6.7 s", "2 h 5 min". */
export function formatDuration(ns: number): string {
  const a = Math.abs(ns);
  if (a === 0) return '0 s';
  if (a < 1e3) return `${trim(ns)} ns`;
  if (a < 1e6) return `${trim(ns / 1e3)} µs`;
  if (a < 1e9) return `${trim(ns / 1e6)} ms`;
  if (a < 60e9) return `${trim(ns / 1e9)} s`;
  return `${ns < 0 ? '−' : ''}${minutes(a, false)}`;
}

/**
 * A long time (at least a minute) as "3 min 6.7 s", or "2 h 5 min" from an hour on. `steady`
 * (a clock's readout): always tenths of a second ("1 min 0.0 s"); otherwise (a duration, an
 * axis tick) whole seconds without them and whole minutes without seconds ("1 min 20 s", "1 min").
 */
function minutes(ns: number, steady: boolean): string {
  const tenths = Math.round(ns / 1e8);
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = (tenths % 600) / 10;
  if (h > 0) return `${h} h ${m} min`;
  if (steady) return `${m} min ${s.toFixed(1)} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/** Milliseconds with a fixed number of decimals, for a steady time readout. */
export function formatMs(ns: number, decimals = 3): string {
  return `${(ns / 1e6).toFixed(decimals)} ms`;
}

/**
 * The playhead's readout in the unit the run's length calls for: microseconds for runs shorter
 * than 1 ms (the UPS figures), milliseconds under a second, else seconds ("2.17 s") and from a
 * minute on minutes ("3 min 6.7 s"). `decimals` applies to µs and ms.
 */
export function formatClock(ns: number, endNs: number, decimals = 3): string {
  if (endNs < 1e6) return `${(ns / 1e3).toFixed(decimals)} µs`;
  if (endNs < 1e9) return formatMs(ns, decimals);
  return ns < 60e9 ? `${(ns / 1e9).toFixed(2)} s` : minutes(ns, true);
}

export function formatBandwidth(bps: number | null): string {
  if (bps === null) return '∞';
  if (bps >= 1e9) return `${trim(bps / 1e9)} Gbps`;
  if (bps >= 1e6) return `${trim(bps / 1e6)} Mbps`;
  if (bps >= 1e3) return `${trim(bps / 1e3)} kbps`;
  return `${trim(bps)} bps`;
}

/** Simulated time per wall-clock second, e.g. "10 ms/s". */
export function formatRate(nsPerSecond: number): string {
  return `${formatDuration(nsPerSecond)}/s`;
}

/** Rounds to 1, 2 or 5 times a power of ten (nearest in ratio): used for the base play rate. */
export function niceRound(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  const m = x / p;
  const steps = [1, 2, 5, 10];
  let best = 1;
  for (const s of steps) if (Math.abs(Math.log(m / s)) < Math.abs(Math.log(m / best))) best = s;
  return best * p;
}

/** A short number for small spaces: 950, 12.3k, 140.3M, 2.5G (4 significant digits at most). */
export function compactNumber(x: number): string {
  const a = Math.abs(x);
  const units: [number, string][] = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [size, suffix] of units) if (a >= size) return `${trim(x / size)}${suffix}`;
  return trim(x);
}
