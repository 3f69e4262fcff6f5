import { useEffect, useMemo, useRef } from 'react';
import { useAppState } from '../app/context';
import { chartProbe } from '../app/testHandle';
import type { RunSummary } from '../sim/types';
import { QueueChart, type ChartSeries } from '../view/queueChart';
import { portLabel } from '../view/labels';
import { seriesColour } from '../view/palette';

function seriesOf(summary: RunSummary): ChartSeries[] {
  return summary.queue_series.map((s, i) => ({
    label: portLabel(summary, s.port),
    colour: seriesColour(i),
    t: s.t_ns,
    v: s.packets,
  }));
}

/** Legend entries shown; big networks have a queue per port. */
const MAX_LEGEND = 6;

export function ChartPanel() {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<QueueChart | null>(null);
  const run = useAppState((s) => s.run);
  const t = useAppState((s) => s.position.t);
  const series = useMemo(() => (run ? seriesOf(run.result.summary) : []), [run]);

  useEffect(() => {
    if (!ref.current) return;
    const c = new QueueChart(ref.current);
    chart.current = c;
    chartProbe.pointCount = () => c.pointCount();
    return () => {
      chartProbe.pointCount = () => 0;
      c.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setData(series, run?.endNs ?? 1);
  }, [series, run]);

  useEffect(() => {
    chart.current?.setPlayhead(t);
  }, [t, series]);

  return (
    <section className="panel chart-panel" aria-label="Queue length over time">
      <h2>Queue length</h2>
      <div className="chart" ref={ref} />
      <ul className="legend">
        {series.slice(0, MAX_LEGEND).map((s) => (
          <li key={s.label}>
            <span className="swatch line" style={{ background: s.colour }} />
            {s.label}
          </li>
        ))}
        {series.length > MAX_LEGEND && <li className="muted">and {series.length - MAX_LEGEND} more ports</li>}
      </ul>
    </section>
  );
}
