// Queueing delay per port (the core's `stats.wait`: enqueue to the start of transmission, over
// every packet a port sent): one row per port, one bar per series in its colour for the mean,
// a whisker from the mean minus to the mean plus one standard deviation, and a tick at the
// 99th percentile. The papers' delay comparisons read here: LSTFCoDel's lower mean with a far
// larger spread than CoDel's, FIFO+'s tail against FIFO's. Hover gives each series' mean,
// standard deviation, variance (s², as the LSTFCoDel paper writes it), median, p99 and max.
import { axisBottom } from 'd3-axis';
import type { WaitOut } from '../../generated/results';
import { formatDuration } from '../format';
import { timeTick, type SeriesStyle } from './chart';
import { PortChart } from './portChart';

export interface WaitSeries extends SeriesStyle {
  /** Per port index, its packets' waits (null: the port sent nothing). */
  readonly ports: readonly (WaitOut | null | undefined)[];
}

/** Rows shown: the ports where packets waited longest. */
export const MAX_WAIT_ROWS = 8;

/**
 * Ports with a wait in any series, the longest mean wait (the largest over the series) first,
 * ties by port index; at most `max`.
 */
export function waitingPorts(series: readonly WaitSeries[], max = MAX_WAIT_ROWS): number[] {
  const n = Math.max(0, ...series.map((s) => s.ports.length));
  const rows: { p: number; mean: number }[] = [];
  for (let p = 0; p < n; p++) {
    const means = series.flatMap((s) => { const w = s.ports[p]; return w ? [w.mean_ns] : []; });
    if (means.length > 0 && means.some((m) => m > 0)) rows.push({ p, mean: Math.max(...means) });
  }
  return rows.sort((a, b) => b.mean - a.mean || a.p - b.p).slice(0, max).map((r) => r.p);
}

/** A variance in ns² as seconds² ("5.6e-4 s²"), the unit the LSTFCoDel paper's tables use. */
export function varianceSeconds(ns2: number): string {
  const s2 = ns2 / 1e18;
  return s2 === 0 ? '0 s²' : `${s2.toExponential(1)} s²`;
}

/** The hover line of one series at one port. */
export function waitText(w: WaitOut | null | undefined): string {
  if (!w) return 'sent nothing';
  const parts = [`mean ${formatDuration(w.mean_ns)} ± ${formatDuration(w.std_ns)}`, `variance ${varianceSeconds(w.variance_ns2)}`];
  if (w.p50_ns != null) parts.push(`median ${formatDuration(w.p50_ns)}`);
  if (w.p99_ns != null) parts.push(`p99 ${formatDuration(w.p99_ns)}`);
  parts.push(`max ${formatDuration(w.max_ns)}`);
  return parts.join(' · ');
}

export class WaitChart extends PortChart<WaitSeries> {
  protected draw(): void {
    const top = this.top();
    const ports = waitingPorts(this.series);
    if (ports.length === 0) {
      this.message('No packet waited in a queue');
      return;
    }
    const reach = (w: WaitOut | null | undefined) => (w ? Math.max(w.mean_ns + w.std_ns, w.p99_ns ?? 0) : 0);
    const max = Math.max(1, ...this.series.flatMap((s) => ports.map((p) => reach(s.ports[p]))));
    const rows = this.rows(ports, top, max, 'queueing delay: mean, ± 1 std dev, | p99',
      (x, w) => axisBottom(x).ticks(Math.max(2, Math.floor(w / 70))).tickFormat((d) => timeTick(Number(d))));
    const { x, y, bar: inner } = rows;
    const bars = rows.g.append('g');
    this.series.forEach((s, si) => {
      for (const p of ports) {
        const w = s.ports[p];
        if (!w) continue;
        const by = (y(p) ?? 0) + (inner(si) ?? 0);
        const h = inner.bandwidth();
        const mid = by + h / 2;
        bars.append('rect').attr('class', 'series bar').attr('data-series', si)
          .attr('x', 0).attr('width', Math.max(1, x(w.mean_ns))).attr('y', by).attr('height', h)
          .attr('fill', s.colour).attr('fill-opacity', 0.55).attr('stroke', s.colour).attr('stroke-dasharray', s.dash);
        bars.append('line').attr('class', 'whisker')
          .attr('x1', x(Math.max(0, w.mean_ns - w.std_ns))).attr('x2', x(w.mean_ns + w.std_ns)).attr('y1', mid).attr('y2', mid)
          .attr('stroke', '#1b2a3a').attr('stroke-width', 1.5);
        if (w.p99_ns != null) {
          bars.append('line').attr('class', 'p99').attr('x1', x(w.p99_ns)).attr('x2', x(w.p99_ns))
            .attr('y1', by).attr('y2', by + h).attr('stroke', s.colour).attr('stroke-width', 3);
        }
      }
    });
    this.hoverRows(ports, rows, (p) => `queueing delay at ${this.portLabel(p)}`, (s, p) => `${s.label}: ${waitText(s.ports[p])}`);
  }
}
