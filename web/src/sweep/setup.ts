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
const SKIP = new Set(['format', 'version', 'seed', 'pos', 'id', 'name', 'src', 'dst', 'from', 'to', 'kind', 'description', 'guide', 'checks', 'paper', 'path', 'schedule']);

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

/**
 * A line per scheduler of `metric` against the parameter: the mean and its interval per
 * value. A parameter without numbers (the scheduler) is placed by its order.
 */
export function chartSeries(summary: Table, setup: SweepSetup, metric: string): { series: SweepSeries[]; categorical: boolean } {
  const col = (name: string) => summary.columns.indexOf(name);
  const pi = col(setup.param);
  const si = col('scheduler');
  const mi = col('metric');
  const ni = col('n');
  const mean = col('mean');
  const ci = col('ci95');
  const lines = setup.param === 'scheduler' ? ['all'] : setup.schedulers;
  const categorical = setup.param === 'scheduler' || setup.values.some((v) => Number.isNaN(numberOf(v)));
  const series = lines.map((line) => {
    const points: SweepPoint[] = [];
    summary.rows.forEach((r) => {
      const m = r[mean];
      if (r[mi] !== metric || (setup.param !== 'scheduler' && r[si] !== line) || typeof m !== 'number') return;
      const label = String(r[pi]);
      const index = setup.values.indexOf(label);
      const x = categorical ? (index >= 0 ? index : points.length) : numberOf(label);
      const c = r[ci];
      const half = typeof c === 'number' ? c : 0;
      points.push({ x, label, mean: m, low: m - half, high: m + half, n: Number(r[ni]) });
    });
    points.sort((a, b) => a.x - b.x);
    return { label: line === 'all' ? 'every router' : line, points };
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
