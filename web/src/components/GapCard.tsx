import { useMemo } from 'react';
import { useAppState } from '../app/context';
import type { LoadedComparison } from '../store/appState';
import { TimeChart, type TimeSeries } from '../view/charts/timeChart';
import { portLabel } from '../view/labels';
import { ChartCard } from './ChartCard';

const makeGap = (el: HTMLElement) => new TimeChart(el, {
  testId: 'chart-gap', title: 'Gap Δ(t) between dequeued packet sets (AIFO Eq. 1)', yTitle: 'Δ(t)', format: (v) => v.toFixed(3), yMax: 1,
  empty: 'Neither run dequeued a packet at this port',
});
const drawGap = (c: TimeChart, d: { series: readonly TimeSeries[]; windowNs: number }) => c.setData(d.series, d.windowNs);

/**
 * The gap Delta(t) of each run of a comparison to the reference run (PIFO when one runs it),
 * as the core computed it from the packets each run dequeued at the scenario's
 * `metrics.dequeues` port; with the caution that closed-loop senders change the packets too.
 */
export function GapCard({ comparison }: { comparison: LoadedComparison }) {
  const gaps = comparison.gaps ?? null;
  const draft = comparison.draft;
  const closedLoop = draft.traffic.some((t) => 'transport' in t && (t.transport ?? 'udp') !== 'udp');
  const data = useMemo(() => ({
    series: (gaps?.runs ?? []).map((g): TimeSeries => {
      const r = comparison.runs[g.run];
      return { label: r?.label ?? `run ${g.run + 1}`, colour: r?.colour ?? '#333', dash: r?.dash ?? '', v: g.delta };
    }),
    windowNs: gaps?.runs[0]?.windowNs ?? 1,
  }), [gaps, comparison.runs]);
  const first = comparison.runs[0]?.run.result.summary;
  if (!gaps || !first) {
    return (
      <p className="note" data-testid="gap-missing">
        The gap Δ(t) between the runs&apos; dequeued packets (AIFO Eq. 1) is drawn when the scenario names the port to watch
        (<code>metrics.dequeues</code>, as Examples… → Compare → FIFO / SP-PIFO / AIFO / PIFO does).
      </p>
    );
  }
  const reference = comparison.runs[gaps.reference]?.label ?? 'the first run';
  return (
    <ChartCard id="gap" title={`Gap Δ(t) to ${reference} at ${portLabel(first, gaps.port)}`} make={makeGap} draw={drawGap} data={data}
      note={(
        <>
          Δ(t) = (|P∖A| + |A∖P|) / (|P| + |A|), P and A the packets {reference} and each run dequeued at this port up to t (each
          window shows Δ at its end; 0: the same packets, 1: none in common; AIFO&apos;s Theorem 2: Δ → 0 against PIFO).{' '}
          <span data-testid="gap-loop-note" className={closedLoop ? 'caution' : undefined}>
            {closedLoop
              ? 'Caution: this traffic is closed loop (TCP, DCTCP or pFabric): its senders react to each run\'s drops and delays, so the runs send different packets and Δ also counts those, not only the schedulers\' choices.'
              : 'The traffic is open loop (UDP): every run sees the same packets at the same times, so Δ measures only which packets the schedulers dequeued. With closed-loop transports the packet sets would also differ because the senders react.'}
          </span>
        </>
      )} />
  );
}

/** The gap card of the comparison on screen. */
export function ComparisonGap() {
  const comparison = useAppState((s) => s.comparison);
  return comparison ? <GapCard comparison={comparison} /> : null;
}
