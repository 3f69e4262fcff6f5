// The Sweep tab's setup and what it becomes: a sweep file (the core's format, validated and
// expanded there), and the chart's series read from the core's summary. Pure functions.

/** What the tab asks for: a parameter of the draft and its values, schedulers, seeds, a metric. */
export interface SweepSetup {
  /** A field of the scenario by its path ("traffic[1].rate"), or "scheduler". */
  readonly param: string;
  /** Its values as typed: numbers, or quantities with their unit ("2Mbps"). */
  readonly values: readonly string[];
  /** Registry names: a line each, every router on it (unused when param is "scheduler"). */
  readonly schedulers: readonly string[];
  /** Seeds 1..seeds per point. */
  readonly seeds: number;
  /** The metric the chart draws (a column of the summary). */
  readonly metric: string;
}

export const MAX_VALUES = 20;
export const MAX_SCHEDULERS = 6;
export const MAX_SEEDS = 10;

/** A field the tab can sweep, with its value in the draft. */
export interface NumericField {
  readonly path: string;
  readonly value: number | string;
}

/** A number with a unit as scenario files write them ("10Mbps", "2ms", "64KB", "100pkt"). */
const QUANTITY = /^(\d+(?:\.\d+)?)\s*((?:Ki|Mi|Gi|Ti|K|k|M|G|T)?(?:bps|Bps|b|B)|ns|us|µs|ms|s|pkt)$/;

/** Fields that are names, positions or bookkeeping, not parameters. */
const SKIP = new Set(['format', 'version', 'seed', 'pos', 'id', 'name', 'src', 'dst', 'from', 'to', 'kind', 'description', 'checks', 'paper', 'path', 'schedule']);

/** The numeric fields of a scenario (numbers and quantities), by path, in document order. */
export function numericFields(scenario: unknown): NumericField[] {
  const out: NumericField[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'number' && path) out.push({ path, value: v });
    else if (typeof v === 'string' && QUANTITY.test(v)) out.push({ path, value: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (!SKIP.has(k)) walk(x, path ? `${path}.${k}` : k);
    }
  };
  walk(scenario, '');
  return out;
}

/** The number of a value ("2.5Mbps" -> 2.5), NaN when it has none. */
export function numberOf(v: string | number): number {
  if (typeof v === 'number') return v;
  const m = /^-?\d+(?:\.\d+)?/.exec(v.trim());
  return m ? Number(m[0]) : Number.NaN;
}

/** The unit of a quantity ("2.5Mbps" -> "Mbps"; "" for a plain number). */
export function unitOf(v: string | number): string {
  return typeof v === 'number' ? '' : v.trim().replace(/^-?\d+(?:\.\d+)?\s*/, '');
}

/** Five values around a field's: 0.5x, 0.75x, 1x, 1.25x and 1.5x (fractions stay below 1). */
export function spreadValues(v: string | number): string[] {
  const x = numberOf(v);
  const unit = unitOf(v);
  if (!Number.isFinite(x) || x === 0) return [String(v)];
  const fraction = typeof v === 'number' && x > 0 && x < 1;
  return [0.5, 0.75, 1, 1.25, 1.5].map((f) => {
    const y = fraction ? Math.min(0.99, x * f) : x * f;
    const rounded = Number(y.toPrecision(4));
    return `${Number.isInteger(x) && !fraction && unit === 'pkt' ? Math.round(rounded) : rounded}${unit}`;
  });
}

/** The setup a draft starts with: its first traffic rate or load, FIFO against fair queueing. */
export function defaultSetup(scenario: unknown): SweepSetup {
  const fields = numericFields(scenario);
  const pick = fields.find((f) => /^traffic\[\d+\]\.(load|rate)$/.test(f.path)) ?? fields.find((f) => f.path.startsWith('traffic')) ?? fields[0];
  return {
    param: pick?.path ?? 'scheduler',
    values: pick ? spreadValues(pick.value) : ['fifo', 'fq'],
    schedulers: ['fifo', 'fq'],
    seeds: 3,
    metric: 'delay_mean_ns',
  };
}

/** Values as typed in one box ("1Mbps, 2Mbps 3Mbps"). */
export function parseValues(text: string): string[] {
  return text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
}

/** A value as the sweep writes it: a plain number as a number, anything else as text. */
const written = (v: string): number | string => (/^-?\d+(\.\d+)?(e-?\d+)?$/.test(v) ? Number(v) : v);

/** The sweep file of a setup over a scenario (its base written in). */
export function sweepSpec(scenario: unknown, setup: SweepSetup, name: string): unknown {
  const seeds = Array.from({ length: setup.seeds }, (_, i) => i + 1);
  const axes = setup.param === 'scheduler'
    ? [{ name: 'scheduler', path: 'scheduler', values: setup.values.map((n) => ({ name: n })) }]
    : [
        { name: setup.param, path: setup.param, values: setup.values.map(written) },
        { name: 'scheduler', path: 'scheduler', values: setup.schedulers.map((n) => ({ name: n })) },
      ];
  return { format: 'scheduler-playground/sweep', version: 1, name, base: scenario, axes, seeds };
}

/** The core's tables: {"columns": [...], "rows": [[...]]}. */
export interface Table {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

export interface SweepPoint {
  readonly x: number;
  readonly label: string;
  readonly mean: number;
  /** The 95% interval's bounds (the mean itself with one seed). */
  readonly low: number;
  readonly high: number;
  readonly n: number;
}

export interface SweepSeries {
  readonly label: string;
  readonly points: readonly SweepPoint[];
}

/** The metrics a summary has, in its order. */
export function metricsOf(summary: Table): string[] {
  const m = summary.columns.indexOf('metric');
  return [...new Set(summary.rows.map((r) => String(r[m])))];
}

/** Which columns of a sweep's summary the chart reads: the x axis, and the lines (null: one). */
export interface ChartAxes {
  readonly x: string;
  readonly line: string | null;
}

/** The chart's axes of a setup: the parameter, a line per scheduler. */
export const setupAxes = (setup: SweepSetup): ChartAxes =>
  setup.param === 'scheduler' ? { x: 'scheduler', line: null } : { x: setup.param, line: 'scheduler' };

/**
 * A line per value of `axes.line` of `metric` against `axes.x`: the mean and its 95% interval
 * per point. An x axis without numbers (schedulers, names) is placed by the order of its values.
 */
export function chartSeries(summary: Table, axes: ChartAxes, metric: string): { series: SweepSeries[]; categorical: boolean } {
  const col = (name: string | null) => (name === null ? -1 : summary.columns.indexOf(name));
  const xi = col(axes.x);
  const li = col(axes.line);
  const mi = col('metric');
  const ni = col('n');
  const mean = col('mean');
  const ci = col('ci95');
  const rows = summary.rows.filter((r) => r[mi] === metric);
  const xs = [...new Set(rows.map((r) => String(r[xi])))];
  const lines = li < 0 ? [null] : [...new Set(rows.map((r) => String(r[li])))];
  const categorical = xs.some((v) => Number.isNaN(numberOf(v)));
  const series = lines.map((line) => {
    const points: SweepPoint[] = [];
    for (const r of rows) {
      const m = r[mean];
      if ((line !== null && String(r[li]) !== line) || typeof m !== 'number') continue;
      const label = String(r[xi]);
      const c = r[ci];
      const half = typeof c === 'number' ? c : 0;
      points.push({ x: categorical ? xs.indexOf(label) : numberOf(label), label, mean: m, low: m - half, high: m + half, n: Number(r[ni]) });
    }
    points.sort((a, b) => a.x - b.x);
    return { label: line ?? 'every router', points };
  });
  return { series, categorical };
}

/** A setup from a share link (untrusted): the fields checked, or why not. */
export function parseSweepSetup(v: unknown): { ok: true; setup: SweepSetup } | { ok: false; error: string } {
  const o = v as Partial<Record<keyof SweepSetup, unknown>> | null;
  const strings = (x: unknown, max: number) => Array.isArray(x) && x.length > 0 && x.length <= max && x.every((s) => typeof s === 'string' && s.length <= 64);
  if (typeof o !== 'object' || o === null) return { ok: false, error: 'the sweep is not an object' };
  if (typeof o.param !== 'string' || o.param.length > 200) return { ok: false, error: 'sweep.param: a field path' };
  if (!strings(o.values, MAX_VALUES)) return { ok: false, error: `sweep.values: 1 to ${MAX_VALUES} values` };
  if (!strings(o.schedulers, MAX_SCHEDULERS)) return { ok: false, error: `sweep.schedulers: 1 to ${MAX_SCHEDULERS} scheduler names` };
  if (typeof o.seeds !== 'number' || !Number.isInteger(o.seeds) || o.seeds < 1 || o.seeds > MAX_SEEDS) return { ok: false, error: `sweep.seeds: 1 to ${MAX_SEEDS}` };
  if (typeof o.metric !== 'string' || o.metric.length > 64) return { ok: false, error: 'sweep.metric: a metric name' };
  return { ok: true, setup: { param: o.param, values: o.values as string[], schedulers: o.schedulers as string[], seeds: o.seeds, metric: o.metric } };
}
