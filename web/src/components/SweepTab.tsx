import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppState, useController } from '../app/context';
import { scenarioText } from '../scenario/restore';
import { encodeSweepHash } from '../share/link';
import { exportName, type Provenance } from '../share/provenance';
import { SweepCancelled, SweepPool, poolSize, type SweepOutcome, type SweepProgress } from '../sweep/pool';
import {
  MAX_SCHEDULERS, MAX_SEEDS, MAX_VALUES, chartSeries, defaultSetup, metricsOf, numericFields, parseValues, setupAxes, spreadValues, unitOf,
  sweepSpec, type ChartAxes, type SweepSetup, type Table,
} from '../sweep/setup';
import { SweepChart, type SweepChartData } from '../view/charts/sweepChart';
import { ChartCard } from './ChartCard';
import type { SweepFile } from '../store/appState';
import { cpuText } from '../papers/papers';

/** Metrics in words (the summary's other columns show as they are named). */
const METRIC_LABELS: Record<string, string> = {
  delay_mean_ns: 'mean packet delay (ns)',
  delay_p99_ns: '99th-percentile packet delay (ns)',
  fct_mean_ns: 'mean flow completion time (ns)',
  fct_p99_ns: '99th-percentile flow completion time (ns)',
  slowdown_mean: 'mean slowdown',
  drop_fraction: 'fraction of packets dropped',
  throughput_bps: 'delivered bits per second',
  jain_mean: "Jain's fairness index (mean)",
};

const label = (m: string) => METRIC_LABELS[m] ?? m;

interface Finished extends SweepOutcome {
  /** The tab's setup (null: a sweep file's own grid). */
  readonly setup: SweepSetup | null;
  readonly axes: ChartAxes;
  readonly title: string;
  readonly seconds: number;
  readonly workers: number;
  readonly scenarioText: string;
}

/**
 * A sweep chart's provenance: the sweep's title, its seeds and runs, and the base scenario with
 * the tab's setup as its text (its table, with every run's trace hash, is the CSV beside it).
 */
function sweepProvenance(r: Finished, shows: string): Provenance {
  const scenario = JSON.parse(r.scenarioText) as { name?: string };
  const sweep = JSON.stringify({ scenario, sweep: r.setup ?? 'the sweep file\'s own grid' });
  const runs = [{ label: `${r.lines.length} runs`, traceHash: 'per run in the sweep\'s CSV' }];
  return { shows, scenario: `${r.title} (sweep of ${scenario.name ?? 'a scenario'})`, seed: 'one per run (CSV)', runs, date: new Date().toISOString(), scenarioText: sweep };
}

const makeChart = (el: HTMLElement) => new SweepChart(el, 'sweep-chart', 'Sweep');
const drawChart = (c: SweepChart, d: SweepChartData) => c.setData(d);

/** Sweeps a parameter of the draft over values, schedulers and seeds, in Web Workers, and charts a metric against it. */
export function SweepTab() {
  const controller = useController();
  const { store } = controller;
  const draft = useAppState((s) => s.history.present);
  const registry = useAppState((s) => s.schedulers);
  const linked = useAppState((s) => s.sweepLink);
  const opened = useAppState((s) => s.sweepFile);
  const fields = useMemo(() => numericFields(draft), [draft]);
  const [setup, setSetup] = useState<SweepSetup>(() => defaultSetup(draft));
  const [valuesText, setValuesText] = useState(() => setup.values.join(', '));
  const [state, setState] = useState<'idle' | 'running' | 'error'>('idle');
  const [progress, setProgress] = useState<SweepProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Finished | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const pool = useRef<SweepPool | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => pool.current?.cancel(), []);

  const change = (s: Partial<SweepSetup>) => setSetup((old) => ({ ...old, ...s }));
  const pickParam = (param: string) => {
    const f = fields.find((x) => x.path === param);
    const values = param === 'scheduler' ? setup.schedulers.slice() : f ? spreadValues(f.value) : [];
    change({ param, values });
    setValuesText(values.join(', '));
  };

  /** Runs sweep text; `s` is the tab's setup it came from (null: a sweep file). */
  const runSpec = useCallback(async (spec: string, s: SweepSetup | null, axes: ChartAxes, title: string, text: string) => {
    pool.current ??= new SweepPool();
    setState('running');
    setError(null);
    setLink(null);
    setProgress(null);
    const t0 = performance.now();
    try {
      const out = await pool.current.run(spec, setProgress);
      setResult({ ...out, setup: s, axes, title, seconds: (performance.now() - t0) / 1000, workers: Math.min(poolSize(), out.lines.length), scenarioText: text });
      setState('idle');
    } catch (err) {
      if (err instanceof SweepCancelled) {
        setState('idle');
        return;
      }
      setError(err instanceof Error ? err.message : String(err));
      setState('error');
    }
  }, []);

  const run = useCallback((s: SweepSetup) => {
    const text = scenarioText(draft);
    const spec = JSON.stringify(sweepSpec(JSON.parse(text) as unknown, s, `${draft.name}: ${s.param}`));
    return runSpec(spec, s, setupAxes(s), s.param, text);
  }, [draft, runSpec]);

  /** A sweep file's text (its base written in: `sched-cli sweep FILE --inline`): its first axis across, its second as lines. */
  const runFile = async (name: string, text: string) => {
    let spec: { base?: unknown; axes?: { name?: string; path?: string }[] };
    try {
      spec = JSON.parse(text) as typeof spec;
    } catch (err) {
      setError(`${name} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (typeof spec.base === 'string') {
      setError(`${name} names its base scenario by path (${spec.base}), which the page cannot read: write it in with sched-cli sweep FILE --inline.`);
      return;
    }
    const names = (spec.axes ?? []).map((a) => a.name ?? a.path ?? '');
    const axes = { x: names[0] ?? '', line: names[1] ?? null };
    await runSpec(text, null, axes, name, JSON.stringify(spec.base ?? {}));
  };
  const openFile = async (file: File) => runFile(file.name, await file.text());

  // A share link's sweep: set it up and run it once.
  useEffect(() => {
    if (!linked) return;
    store.dispatch((s) => ({ ...s, sweepLink: null }));
    setSetup(linked);
    setValuesText(linked.values.join(', '));
    void run(linked);
  }, [linked, run, store]);

  const start = () => {
    const values = parseValues(valuesText);
    const s = { ...setup, values };
    setSetup(s);
    if (values.length === 0 || values.length > MAX_VALUES) {
      setError(`values: give 1 to ${MAX_VALUES} values`);
      return;
    }
    void run(s);
  };
  const toggleScheduler = (name: string, on: boolean) => {
    const now = setup.schedulers.filter((n) => n !== name);
    change({ schedulers: on ? [...now, name].slice(0, MAX_SCHEDULERS) : now });
  };

  const summary = useMemo(() => (result ? (JSON.parse(result.summary) as Table) : null), [result]);
  const metrics = useMemo(() => (summary ? metricsOf(summary) : []), [summary]);
  const metric = result && metrics.includes(setup.metric) ? setup.metric : metrics[0] ?? setup.metric;
  const data = useMemo((): SweepChartData => {
    if (!summary || !result) return { series: [], categorical: false, xTitle: '', yTitle: '' };
    const { series, categorical } = chartSeries(summary, result.axes, metric);
    // The axis's unit, when its values share one ("traffic[0].rate (Mbps)").
    const units = new Set(series.flatMap((l) => l.points.map((p) => unitOf(p.label))));
    const unit = !categorical && units.size === 1 ? [...units][0] : '';
    return { series, categorical, xTitle: unit ? `${result.axes.x} (${unit})` : result.axes.x, yTitle: label(metric) };
  }, [summary, result, metric]);

  const share = async () => {
    if (!result?.setup) return;
    const url = location.origin + location.pathname + encodeSweepHash(result.scenarioText, { ...result.setup, metric });
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard: the link stays in the field.
    }
  };
  const names = registry.map((r) => r.name);
  const busy = state === 'running';

  return (
    <div className="sweep-tab" data-testid="sweep-tab">
      <p className="hint-text">
        Runs the draft over a grid: each value of one parameter, with every router on each scheduler, once per seed. The runs
        share this computer&apos;s cores ({poolSize()} workers); the chart draws a metric&apos;s mean across seeds with its 95%
        confidence interval.
      </p>
      {opened && <OpenedFile file={opened} busy={busy} onRun={() => void runFile(opened.name, opened.text)} />}
      <label className="field">
        <span className="field-label">parameter</span>
        <select data-testid="sweep-param" value={setup.param} disabled={busy} onChange={(e) => pickParam(e.target.value)}>
          {fields.map((f) => <option key={f.path} value={f.path}>{f.path} (now {String(f.value)})</option>)}
          <option value="scheduler">scheduler (every router)</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">values</span>
        <input type="text" data-testid="sweep-values" value={valuesText} disabled={busy} onChange={(e) => setValuesText(e.target.value)}
          aria-describedby="sweep-values-hint" />
      </label>
      <p className="note" id="sweep-values-hint">Separated by commas; with the unit the field takes (e.g. 2Mbps, 5ms, 0.4).</p>
      {setup.param !== 'scheduler' && (
        <details className="sweep-schedulers" data-testid="sweep-schedulers">
          <summary>schedulers, a line each: {setup.schedulers.join(', ') || 'none'}</summary>
          <fieldset className="router-list">
            <legend className="sr-only">schedulers (every router on each)</legend>
            {names.map((n) => (
              <label key={n} className="check">
                <input type="checkbox" data-testid={`sweep-scheduler-${n}`} checked={setup.schedulers.includes(n)} disabled={busy}
                  onChange={(e) => toggleScheduler(n, e.target.checked)} />
                {n}
              </label>
            ))}
          </fieldset>
        </details>
      )}
      <label className="field">
        <span className="field-label">seeds per point</span>
        <input type="number" data-testid="sweep-seeds" min={1} max={MAX_SEEDS} value={setup.seeds} disabled={busy}
          onChange={(e) => change({ seeds: Math.max(1, Math.min(MAX_SEEDS, Math.round(Number(e.target.value)) || 1)) })} />
      </label>
      <div className="compare-actions">
        <span className="spacer" />
        {busy ? (
          <span className="compare-busy" role="status" data-testid="sweep-progress">
            {progress ? `${progress.done} of ${progress.total} runs (${Math.round(progress.fraction * 100)}%) on ${progress.workers} workers` : 'Planning…'}
            <progress max={1} value={progress?.fraction ?? 0} aria-label="Sweep progress" />
            <button type="button" data-testid="sweep-cancel" onClick={() => pool.current?.cancel()}>Cancel</button>
          </span>
        ) : (
          <>
            <button type="button" data-testid="sweep-open" title="A sweep file with its base scenario written in (sched-cli sweep FILE --inline)"
              onClick={() => fileInput.current?.click()}>
              Open a sweep file…
            </button>
            <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="sweep-file"
              onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) void openFile(f); }} />
            <button type="button" className="primary" data-testid="sweep-run" disabled={setup.param !== 'scheduler' && setup.schedulers.length === 0}
              onClick={start}>
              Run the sweep
            </button>
          </>
        )}
      </div>
      {error && <p className="field-error" role="alert" data-testid="sweep-error">{error}</p>}
      {result && (
        <>
          <p className="note" data-testid="sweep-done">
            {result.title}: {result.lines.length} runs on {result.workers} workers in {result.seconds.toFixed(1)} s.
          </p>
          <label className="field">
            <span className="field-label">metric</span>
            <select data-testid="sweep-metric" value={metric} onChange={(e) => change({ metric: e.target.value })}>
              {metrics.map((m) => <option key={m} value={m}>{label(m)}</option>)}
            </select>
          </label>
          <div className="sweep-chart">
            <ChartCard id="sweep" title={`${label(metric)} against ${result.axes.x}`} make={makeChart} draw={drawChart} data={data}
              provenance={(shows) => sweepProvenance(result, shows)} />
          </div>
          <div className="compare-actions">
            <button type="button" data-testid="sweep-csv" onClick={() => controller.download(exportName(result.title, [], 'sweep.csv'), result.csv)}>
              Table (CSV)
            </button>
            {result.setup && <button type="button" data-testid="sweep-share" onClick={() => void share()}>Share this sweep</button>}
          </div>
          {link && <input type="text" readOnly className="share-field" data-testid="sweep-link" value={link} aria-label="Sweep link" />}
        </>
      )}
    </div>
  );
}

/** A sweep file the Papers view opened: its runs and expected time, ready to run here (or natively). */
function OpenedFile({ file, busy, onRun }: { file: SweepFile; busy: boolean; onRun: () => void }) {
  const time = file.expectedCpuS !== null ? `about ${cpuText(file.expectedCpuS)} of CPU` : 'its time not recorded yet';
  return (
    <section className="sweep-opened" aria-label="Opened sweep file" data-testid="sweep-opened">
      <p className="note">
        <strong>{file.name}</strong>: {file.runs} runs, {time}, shared among the workers. Its base scenario is your draft; natively:{' '}
        <code>{file.command}</code>
      </p>
      <div className="compare-actions">
        <span className="spacer" />
        <button type="button" className="primary" data-testid="sweep-opened-run" disabled={busy} onClick={onRun}>Run this sweep file</button>
      </div>
    </section>
  );
}
