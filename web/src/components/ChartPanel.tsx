import { useEffect, useMemo, useRef } from 'react';
import { useAppState, usePanelPosition } from '../app/context';
import { chartProbe } from '../app/probes';
import type { RunSummary } from '../sim/types';
import { QueueChart, type ChartSeries } from '../view/queueChart';
import { portLabel } from '../view/labels';
import { seriesColour } from '../view/palette';

/** Lines drawn, each named in the legend: big networks have a queue per port (a k=4 fat-tree ~100). */
export const MAX_QUEUE_LINES = 6;

/** The longest queue a series reaches (a loop: a series may have more points than a call takes arguments). */
function peak(v: Iterable<number>): number {
  let m = 0;
  for (const x of v) if (x > m) m = x;
  return m;
}

/**
 * The MAX_QUEUE_LINES ports whose queues grow longest (ties: in port order), busiest first;
 * the port a lesson step points at (`marked`, "from → to") is always among them, drawn thicker.
 */
export function queueLines(summary: RunSummary, marked: string | null = null): ChartSeries[] {
  const ranked = summary.queue_series
    .map((s) => ({ s, peak: peak(s.packets), label: portLabel(summary, s.port) }))
    .sort((a, b) => b.peak - a.peak || a.s.port - b.s.port);
  const at = ranked.findIndex((r) => r.label === marked);
  const top = ranked.slice(0, MAX_QUEUE_LINES);
  const m = ranked[at];
  if (m && at >= MAX_QUEUE_LINES) top[MAX_QUEUE_LINES - 1] = m;
  return top.map(({ s, label }, i) => ({ label, colour: seriesColour(i), t: s.t_ns, v: s.packets, marked: label === marked }));
}

export function ChartPanel() {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<QueueChart | null>(null);
  const run = useAppState((s) => s.run);
  const t = usePanelPosition().t;
  const focusPort = useAppState((s) => s.lessonFocus?.port ?? null);
  const marked = focusPort ? `${focusPort.from} → ${focusPort.to}` : null;
  const series = useMemo(() => (run ? queueLines(run.result.summary, marked) : []), [run, marked]);
  const ports = run?.result.summary.queue_series.length ?? 0;

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
      <ul className="legend" data-testid="queue-legend">
        {series.map((s) => (
          <li key={s.label} className={s.marked ? 'lesson-marked-row' : undefined} data-marked={s.marked ? 'true' : undefined}>
            <span className="swatch line" style={{ background: s.colour }} />
            {s.label}
          </li>
        ))}
      </ul>
      {ports > series.length && (
        <p className="muted small" data-testid="queue-lines-note">
          The {series.length} ports whose queues grow longest, of {ports}; the stage shows every queue.
        </p>
      )}
    </section>
  );
}
