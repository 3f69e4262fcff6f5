// A middlebox's two stages (MR-tradeoff Sec. 2): CPU and link utilisation as gauges at the
// playhead's window and over the run, both over time, the CPU queue, each flow's dominant
// share per window, and the makespan of the traffic through it. Everything comes from the
// run summary's `stages` (the core measures; this only draws).
import { useMemo, useState } from 'react';
import { useAppState, useController } from '../app/context';
import { setMiddlebox } from '../scenario/middlebox';
import { edit } from '../store/editorActions';
import type { RunSummary } from '../sim/types';
import { TimeChart, type TimeMarks, type TimeSeries } from '../view/charts/timeChart';
import { formatDuration } from '../view/format';
import { flowColour } from '../view/palette';
import { ChartCard } from './ChartCard';

type Stage = NonNullable<RunSummary['stages']>[number];

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

const makeUse = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-stage-utilisation', title: 'CPU and link utilisation', yTitle: 'busy', format: pct, yMax: 1,
  empty: 'Nothing went through the middlebox',
});
const makeShares = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-dominant-shares', title: 'Dominant share per flow', yTitle: 'dominant share', format: pct,
  empty: 'No flow went through the middlebox',
});
const makeQueue = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-cpu-queue', title: 'CPU queue (longest per window)', yTitle: 'packets', format: (v) => v.toFixed(0),
  empty: 'No packet queued at the CPU',
});
const drawTime = (c: TimeChart, d: { series: readonly TimeSeries[]; windowNs: number; marks?: TimeMarks }) => c.setData(d.series, d.windowNs, d.marks);

function Gauge({ label, now, run, testId }: { label: string; now: number | null; run: number; testId: string }) {
  const v = now ?? run;
  return (
    <div className="gauge" data-testid={testId}>
      <span className="gauge-label">{label}</span>
      <meter min={0} max={1} value={v} aria-label={`${label} utilisation`} />
      <span className="gauge-value">{now === null ? '—' : pct(now)} <span className="muted">now · {pct(run)} over the run</span></span>
    </div>
  );
}

function StageView({ summary, stage }: { summary: RunSummary; stage: Stage }) {
  const t = useAppState((s) => s.position.t);
  const w = Math.max(1, stage.window_ns);
  const k = Math.min(stage.cpu_series.length - 1, Math.floor(t / w));
  const node = summary.nodes[stage.node]?.id ?? `node ${stage.node}`;
  // What an open lesson's step marks: a span on the chart it names, the flow's share line.
  const focus = useAppState((s) => s.lessonFocus);
  const during = focus?.during ?? null;
  const flow = focus?.flow ?? null;
  const use = useMemo(() => ({
    windowNs: w,
    series: [
      { label: 'CPU', colour: '#7a5195', dash: '', v: stage.cpu_series },
      { label: 'link', colour: '#2a9d8f', dash: '7 3', v: stage.link_series },
    ],
    marks: { during: during?.chart === 'stage_utilisation' ? during.span : null, series: null },
  }), [stage, w, during]);
  const shares = useMemo(() => {
    const marked = stage.flows.find((f) => summary.flows[f.flow]?.id === flow);
    return {
      windowNs: w,
      series: [
        ...stage.flows.map((f) => ({
          label: `${summary.flows[f.flow]?.id ?? f.flow} (${f.module})`, colour: flowColour(f.flow), dash: '', v: f.dominant_share,
        })),
        // The trade-off's guarantee: no backlogged flow below alpha x its DRF share (Fig. 4's line).
        ...(stage.alpha_floor.length > 0 ? [{ label: 'α × fair share', colour: '#E4002B', dash: '6 3', v: stage.alpha_floor }] : []),
      ],
      marks: { during: during?.chart === 'dominant_shares' ? during.span : null, series: marked ? `${flow ?? ''} (${marked.module})` : null },
    };
  }, [stage, summary, w, during, flow]);
  const queue = useMemo(() => ({
    windowNs: w,
    series: [{ label: 'CPU queue', colour: '#1b2a3a', dash: '', v: stage.queue_series }],
  }), [stage, w]);
  return (
    <div className="middlebox-stage" data-testid={`middlebox-${node}`}>
      <h3>Middlebox <code>{node}</code> · CPU scheduler {stage.scheduler_display}</h3>
      <p className="muted">
        Modules: {stage.modules.join(', ')} · processed {stage.processed} packets, mean wait at the CPU{' '}
        {formatDuration(stage.mean_wait_ns)} ·{' '}
        {stage.drops.flow_queue_full > 0 && (
          <><span data-testid="flow-queue-drops">{stage.drops.flow_queue_full} dropped at full flow queues</span> ·{' '}</>
        )}
        <span data-testid="makespan">makespan {stage.makespan_ns == null ? '—' : formatDuration(stage.makespan_ns)}</span>
      </p>
      {stage.scheduler === 'mr_tradeoff' && <AlphaSlider node={node} />}
      <div className="gauges">
        <Gauge label="CPU" testId="gauge-cpu" now={k >= 0 ? stage.cpu_series[k] ?? null : null} run={stage.utilization} />
        <Gauge label="link" testId="gauge-link" now={k >= 0 ? stage.link_series[k] ?? null : null} run={stage.link_utilization} />
      </div>
      <ChartCard id="stage-utilisation" title="CPU and link utilisation" make={makeUse} draw={drawTime} data={use} />
      <ChartCard id="dominant-shares" title="Dominant share per flow" make={makeShares} draw={drawTime} data={shares}
        note="Each window: a flow's time on its dominant resource over the window (MR-tradeoff Sec. 2.1)." />
      <ChartCard id="cpu-queue" title="CPU queue" make={makeQueue} draw={drawTime} data={queue}
        note={`Drawn under the middlebox in the order its scheduler serves it, each packet with its ${stage.key.label}.`} />
    </div>
  );
}

/** The trade-off's alpha for the middlebox `node`: moving it edits the draft and reruns. */
function AlphaSlider({ node }: { node: string }) {
  const controller = useController();
  const spec = useAppState((s) => s.history.present.topology.nodes.find((n) => n.id === node)?.middlebox ?? null);
  const current = Number(spec?.scheduler?.params?.alpha ?? 1);
  const [shown, setShown] = useState<number | null>(null);
  if (!spec) return null;
  const commit = (alpha: number) => {
    setShown(null);
    if (alpha === current) return;
    const scheduler = { ...(spec.scheduler ?? { name: 'mr_tradeoff' }), params: { ...(spec.scheduler?.params ?? {}), alpha } };
    controller.store.dispatch(edit((s) => setMiddlebox(s, node, { ...spec, scheduler })));
    void controller.run();
  };
  const value = shown ?? current;
  return (
    <label className="alpha-slider" data-testid="alpha-slider">
      <span className="field-label">fairness knob α = {value.toFixed(2)}</span>
      <input type="range" min={0} max={1} step={0.05} value={value} aria-label="alpha"
        onChange={(e) => setShown(Number(e.target.value))}
        onPointerUp={(e) => commit(Number(e.currentTarget.value))}
        onKeyUp={(e) => commit(Number(e.currentTarget.value))} />
      <span className="muted">1: strict DRF (DRGPS) · 0: greedy (max dominant throughput) · releasing reruns</span>
    </label>
  );
}

/** The run's middleboxes, if it has any. */
export function MiddleboxPanel() {
  const summary = useAppState((s) => s.run?.result.summary ?? null);
  const stages = summary?.stages ?? [];
  if (!summary || stages.length === 0) return null;
  return (
    <section className="panel middlebox-panel" aria-label="Middlebox stages" data-testid="middlebox-panel">
      <h2>Middlebox: CPU, then link</h2>
      {stages.map((st) => <StageView key={st.id} summary={summary} stage={st} />)}
    </section>
  );
}
