import { useEffect, useMemo, useState } from 'react';
import { useAppState, useController, usePanelPosition } from '../app/context';
import type { RunSummary } from '../sim/types';
import type { LessonFocus } from '../store/appState';
import { BucketChart } from '../view/charts/bucketChart';
import { CdfChart, type CdfSeries } from '../view/charts/cdfChart';
import type { Chart, SeriesStyle } from '../view/charts/chart';
import { DropsChart, type DropsSeries } from '../view/charts/dropsChart';
import { TimeChart, type TimeMarks, type TimeSeries } from '../view/charts/timeChart';
import { WaitChart, type WaitSeries } from '../view/charts/waitChart';
import { formatBandwidth, formatDuration } from '../view/format';
import { portLabel } from '../view/labels';
import { GROUP_BYS, MAX_FLOW_ROWS, groupThroughput, type FlowGroup } from '../view/flowGroups';
import { flowColour } from '../view/palette';
import { QueueChart, type ChartSeries } from '../view/queueChart';
import { bottleneckPort } from '../view/summary';
import { ChartCard, type ChartCardProps } from './ChartCard';
import { ReorderCard } from './ReorderCard';
import { SummaryTable } from './SummaryTable';
import { WorkloadLoads } from './WorkloadLoads';

/** One run on the board: a scheduler of a comparison, or the single run. */
export interface BoardRun extends SeriesStyle {
  readonly summary: RunSummary;
}

interface Props {
  readonly runs: readonly BoardRun[];
  /** The single run's flows in groups (many flows), as the flow table groups them: the FCT and throughput charts draw one line per group. */
  readonly groups?: readonly FlowGroup[] | null;
  /** Draw the queue-length chart of a chosen port, growing with the playhead (the Results tab has its own, per port). */
  readonly queues?: { readonly endNs: number };
}

const ratio = (v: number) => `${Number(v.toPrecision(3))}×`;

// Chart makers and data setters: module-level, so each chart is made once and redrawn only
// when its data changes.
const makeFct = (el: HTMLElement) => new CdfChart(el, {
  testId: 'chart-fct-cdf', title: 'Flow completion time (CDF)', xTitle: 'flow completion time', format: formatDuration, empty: 'No flow completed',
});
const makeSlowdown = (el: HTMLElement) => new CdfChart(el, {
  testId: 'chart-slowdown-cdf', title: 'Slowdown: FCT / FCT alone on the empty network (CDF)', xTitle: 'slowdown', format: ratio, empty: 'No flow completed',
});
const makeDelay = (el: HTMLElement) => new CdfChart(el, {
  testId: 'chart-delay-cdf', title: 'Per-packet delay (CDF)', xTitle: 'end-to-end delay', format: formatDuration, empty: 'No packet was delivered',
});
const makeMeanBars = (el: HTMLElement) => new BucketChart(el, 'chart-fct-mean-by-size', 'Mean FCT by flow size', 'mean');
const makeP99Bars = (el: HTMLElement) => new BucketChart(el, 'chart-fct-p99-by-size', '99th-percentile FCT by flow size', 'p99');
const makeThroughput = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-throughput', title: 'Throughput per flow', yTitle: 'throughput', format: (v) => formatBandwidth(v),
  empty: 'No flow listed in the scenario (workload flows are not binned)',
});
const makeFairness = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-fairness', title: "Jain's fairness index", yTitle: "Jain's index", format: (v) => v.toFixed(2), yMax: 1,
  empty: 'No window with two listed flows active throughout',
});
const makeDrops = (el: HTMLElement) => new DropsChart(el, 'chart-drops', 'Drops by reason, per port');
const makeWait = (el: HTMLElement) => new WaitChart(el, 'chart-wait', 'Queueing delay per port');
const makeQueue = (el: HTMLElement) => new QueueChart(el, { testId: 'chart-queue', title: 'Queue length at a port', legend: true });

const drawCdf = (c: CdfChart, d: readonly CdfSeries[]) => c.setData(d);
const drawBars = (c: BucketChart, d: Parameters<BucketChart['setData']>[0]) => c.setData(d);
const drawTime = (c: TimeChart, d: { series: readonly TimeSeries[]; windowNs: number; marks: TimeMarks }) => c.setData(d.series, d.windowNs, d.marks);
const drawDrops = (c: DropsChart, d: { series: readonly DropsSeries[]; label: (p: number) => string }) => c.setData(d.series, d.label);
const drawWait = (c: WaitChart, d: { series: readonly WaitSeries[]; label: (p: number) => string }) => c.setData(d.series, d.label);
const drawQueue = (c: QueueChart, d: { series: readonly ChartSeries[]; endNs: number }) => c.setData(d.series, d.endNs);
const followQueue = (c: QueueChart, t: number) => c.setPlayhead(t);
const followTime = (c: TimeChart, t: number) => c.setPlayhead(t);

/** What a lesson step marks on the time chart `chart`: its span, if about this chart, and a series. */
const marksOn = (during: LessonFocus['during'], chart: string, series: string | null): TimeMarks =>
  ({ during: during?.chart === chart ? during.span : null, series });

/** A chart that follows the playhead: only this card re-renders as it moves. */
function FollowingCard<C extends Chart, D>(props: Omit<ChartCardProps<C, D>, 't'>) {
  const t = usePanelPosition().t;
  return <ChartCard {...props} t={t} />;
}

/** Every flow's FCT, beside each group's, in the group's colour (the flow table's swatch). */
const ALL_FLOWS = { label: 'all flows', colour: '#1b2a3a', dash: '5 3' };

const style = (r: BoardRun): SeriesStyle => ({ label: r.label, colour: r.colour, dash: r.dash });

/**
 * The charts every scheduler family needs, one colour per run, read from the results as the
 * core wrote them; then the summary table.
 */
/** Each group's FCT CDF as the core computes it (asked through the worker; null until it answers). */
function useGroupCdfs(summary: RunSummary | null, groups: readonly FlowGroup[] | null): number[][] | null {
  const controller = useController();
  const [answer, setAnswer] = useState<{ groups: readonly FlowGroup[]; cdfs: number[][] } | null>(null);
  useEffect(() => {
    if (!summary || !groups) return undefined;
    let live = true;
    void controller.groupFctCdfs(summary, groups).then((cdfs) => {
      if (live && cdfs) setAnswer({ groups, cdfs });
    });
    return () => {
      live = false;
    };
  }, [controller, summary, groups]);
  return answer !== null && answer.groups === groups ? answer.cdfs : null;
}

export function ResultsBoard({ runs, queues, groups = null }: Props) {
  const first = runs[0]?.summary ?? null;
  const groupBy = useAppState((s) => s.groupBy);
  const focus = useAppState((s) => s.lessonFocus);
  const during = focus?.during ?? null;
  const grouped = runs.length === 1 && first !== null && groups !== null ? groups : null;
  const cdfs = useGroupCdfs(grouped ? first : null, grouped);
  const fct = useMemo(() => {
    if (!grouped || !first) return runs.map((r) => ({ ...style(r), quantiles: r.summary.fct.cdf_ns }));
    const all = { ...ALL_FLOWS, quantiles: first.fct.cdf_ns };
    if (!cdfs) return [all];
    const lines = grouped.flatMap((g, i) => (cdfs[i]?.length ? [{ label: g.label, colour: flowColour(i), dash: '', quantiles: cdfs[i] }] : []));
    // One group with completed flows: its line is the all-flows line; drawn once.
    return lines.length === 1 ? lines : [all, ...lines];
  }, [runs, first, grouped, cdfs]);
  const slowdown = useMemo(() => runs.map((r) => ({ ...style(r), quantiles: r.summary.fct.slowdown_cdf })), [runs]);
  const delay = useMemo(() => runs.map((r) => ({ ...style(r), quantiles: r.summary.fct.delay_cdf_ns })), [runs]);
  const buckets = useMemo(() => runs.map((r) => ({ ...style(r), buckets: r.summary.fct.by_size })), [runs]);
  const fairness = useMemo(() => ({
    series: runs.map((r) => ({ ...style(r), v: r.summary.fairness.index })),
    windowNs: first?.fairness.window_ns ?? 1,
    marks: marksOn(during, 'fairness', null),
  }), [runs, first, during]);
  const drops = useMemo(() => ({
    series: runs.map((r) => ({ ...style(r), ports: r.summary.ports.map((p) => p.stats.dropped) })),
    label: (p: number) => (first ? portLabel(first, p) : `port ${p}`),
  }), [runs, first]);

  const waits = useMemo(() => ({
    series: runs.map((r) => ({ ...style(r), ports: r.summary.ports.map((p) => p.stats.wait) })),
    label: (p: number) => (first ? portLabel(first, p) : `port ${p}`),
  }), [runs, first]);

  // Throughput: one flow across runs (a comparison), or every flow in its colour (one run).
  const binned = first?.throughput.flows.map((f) => f.flow) ?? [];
  const [flowChoice, setFlow] = useState<number | null>(null);
  const flow = flowChoice !== null && binned.includes(flowChoice) ? flowChoice : binned[0] ?? null;
  const focusFlow = focus?.flow ?? null;
  const throughput = useMemo(() => {
    const windowNs = first?.throughput.window_ns ?? 1;
    if (grouped && first && first.throughput.flows.length > MAX_FLOW_ROWS) {
      return {
        windowNs,
        series: groupThroughput(first, grouped).map((g) => ({ label: g.group.label, colour: flowColour(g.index), dash: '', v: g.bps })),
        marks: marksOn(during, 'throughput', null),
      };
    }
    if (runs.length === 1 && first) {
      return {
        windowNs,
        series: first.throughput.flows.map((f) => ({ label: first.flows[f.flow]?.id ?? `flow ${f.flow}`, colour: flowColour(f.flow), dash: '', v: f.bps })),
        // One run draws every flow: the lesson's flow is drawn thicker.
        marks: marksOn(during, 'throughput', focusFlow),
      };
    }
    return {
      windowNs,
      series: runs.map((r) => ({ ...style(r), v: r.summary.throughput.flows.find((f) => f.flow === flow)?.bps ?? [] })),
      marks: marksOn(during, 'throughput', null),
    };
  }, [runs, first, flow, grouped, during, focusFlow]);

  // Queue length at one port: the bottleneck unless another is picked.
  const queued = useMemo(() => {
    const ports = new Set<number>();
    for (const r of runs) for (const q of r.summary.queue_series) ports.add(q.port);
    return [...ports].sort((a, b) => a - b);
  }, [runs]);
  const [portChoice, setPort] = useState<number | null>(null);
  // A lesson step points the queue chart at its port and a comparison's throughput chart at its flow.
  useEffect(() => {
    if (!focus || !first) return;
    const id = (n: number) => first.nodes[n]?.id;
    const port = focus.port;
    const p = port ? first.ports.findIndex((q) => id(q.node) === port.from && id(q.to) === port.to) : -1;
    if (p >= 0) setPort(p);
    const f = focus.flow ? first.flows.findIndex((x) => x.id === focus.flow) : -1;
    if (f >= 0) setFlow(f);
  }, [focus, first]);
  const fallback = first ? bottleneckPort(first) : null;
  const port = portChoice !== null && queued.includes(portChoice) ? portChoice : fallback !== null && queued.includes(fallback) ? fallback : queued[0] ?? null;
  const endNs = queues?.endNs ?? 1;
  const queue = useMemo(() => ({
    endNs,
    series: runs.map((r) => {
      const q = r.summary.queue_series.find((s) => s.port === port);
      return { ...style(r), t: q?.t_ns ?? [], v: q?.packets ?? [] };
    }),
  }), [runs, port, endNs]);

  if (!first) return null;
  const flowName = (f: number) => first.flows[f]?.id ?? `flow ${f}`;
  return (
    <div className="results-board" data-testid="results-board">
      <div className="chart-grid">
        <ChartCard id="fct-cdf" title="Flow completion time" make={makeFct} draw={drawCdf} data={fct}
          note={`Completed flows: ${runs.map((r) => `${r.label} ${r.summary.fct.all.completed} of ${r.summary.fct.all.flows}`).join(' · ')}${grouped ? ` · one line per group (${GROUP_BYS.find((g) => g.by === groupBy)?.label ?? ''}, as the flow table)` : ''}`} />
        <ChartCard id="slowdown-cdf" title="Slowdown (FCT ÷ FCT alone)" make={makeSlowdown} draw={drawCdf} data={slowdown} />
        <ChartCard id="fct-mean-by-size" title="Mean FCT by flow size" make={makeMeanBars} draw={drawBars} data={buckets} />
        <ChartCard id="fct-p99-by-size" title="99th-percentile FCT by flow size" make={makeP99Bars} draw={drawBars} data={buckets} />
        <ChartCard id="delay-cdf" title="Per-packet delay" make={makeDelay} draw={drawCdf} data={delay} />
        <ChartCard id="wait" title="Queueing delay per port" make={makeWait} draw={drawWait} data={waits}
          note="From enqueue to the start of transmission, over every packet the port sent: mean (bar), ± one standard deviation (whisker), 99th percentile (tick)." />
        {queues && (
          <FollowingCard id="queue" title="Queue length" make={makeQueue} draw={drawQueue} data={queue} follow={followQueue}
            controls={queued.length > 0 && (
              <select aria-label="Port" data-testid="queue-port" value={port ?? ''} onChange={(e) => setPort(Number(e.target.value))}>
                {queued.map((p) => <option key={p} value={p}>{portLabel(first, p)}</option>)}
              </select>
            )} />
        )}
        <FollowingCard id="throughput" title="Throughput per flow" make={makeThroughput} draw={drawTime} data={throughput} follow={followTime}
          controls={runs.length > 1 && binned.length > 1 && (
            <select aria-label="Flow" data-testid="throughput-flow" value={flow ?? ''} onChange={(e) => setFlow(Number(e.target.value))}>
              {binned.map((f) => <option key={f} value={f}>{flowName(f)}</option>)}
            </select>
          )} />
        <FollowingCard id="fairness" title="Jain's fairness index" make={makeFairness} draw={drawTime} data={fairness} follow={followTime}
          note="Over the flows the scenario lists that are active for the whole window (1 = equal shares)." />
        <ChartCard id="drops" title="Drops by reason, per port" make={makeDrops} draw={drawDrops} data={drops} />
        <ReorderCard runs={runs} />
      </div>
      <SummaryTable runs={runs} />
      <WorkloadLoads runs={runs} />
    </div>
  );
}
