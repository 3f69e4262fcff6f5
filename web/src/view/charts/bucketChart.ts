// FCT by flow-size bucket as grouped bars (the figure of the pFabric and AIFO papers): one
// group per bucket of the core's `fct.by_size`, one bar per series, the mean or the 99th
// percentile on a log scale (buckets span decades). Under each group: how many flows it holds.
// Hover names the series, the bucket, the value and how many of its flows completed.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleBand, scaleLog } from 'd3-scale';
import type { BucketOut } from '../../generated/results';
import { formatDuration } from '../format';
import { formatBytes } from '../values';
import { SeriesChart, Y_TITLE, type SeriesStyle } from './chart';
import { decadeDomain } from './cdfChart';

export interface BucketSeries extends SeriesStyle {
  readonly buckets: readonly BucketOut[];
}

export type BucketStat = 'mean' | 'p99';

const MARGIN = { top: 6, right: 12, bottom: 46, left: 50 };

/** Under a bar group, short: "≤ 100 KB" (the bucket's upper bound; the one before is its lower), "> 10 MB". */
export function bucketTick(b: BucketOut): string {
  return b.max_bytes == null ? `> ${formatBytes(b.min_bytes)}` : `≤ ${formatBytes(b.max_bytes)}`;
}

export const bucketValue = (b: BucketOut, stat: BucketStat): number | null =>
  (stat === 'mean' ? b.stats.mean_ns : b.stats.p99_ns) ?? null;

export class BucketChart extends SeriesChart<BucketSeries> {
  constructor(root: HTMLElement, testId: string, title: string, private readonly stat: BucketStat) {
    super(root, testId, title);
    this.resize();
  }

  protected draw(): void {
    const top = MARGIN.top + this.legend(this.series, MARGIN.left) + Y_TITLE;
    const buckets = this.series[0]?.buckets ?? [];
    const values = this.series.flatMap((s) => s.buckets.map((b) => bucketValue(b, this.stat) ?? 0));
    if (buckets.length === 0 || !values.some((v) => v > 0)) {
      this.message('No completed flows of a known size');
      return;
    }
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    // Each bucket's sizes in words as the core labels it: "≤ 10 KB", "10 KB–100 KB", "> 10 MB".
    const labels = buckets.map((b) => b.label);
    const x = scaleBand().domain(labels).range([0, innerW]).paddingInner(0.25).paddingOuter(0.1);
    const inner = scaleBand<number>().domain(this.series.map((_, i) => i)).range([0, x.bandwidth()]).padding(0.08);
    const [lo, hi] = decadeDomain(values);
    const y = scaleLog().domain([lo, hi]).range([innerH, 0]).clamp(true);
    const g = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).tickSizeOuter(0).tickFormat((l) => { const b = buckets[labels.indexOf(l)]; return b ? bucketTick(b) : l; }));
    const decades = Math.round(Math.log10(hi / lo));
    const every = Math.max(1, Math.ceil(decades / Math.max(1, Math.floor(innerH / 28))));
    g.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(y).tickValues(Array.from({ length: decades + 1 }, (_, i) => lo * 10 ** i).filter((_, i) => i % every === 0))
        .tickFormat((d) => formatDuration(Number(d))));
    this.drawYTitle(g, `${this.stat === 'mean' ? 'mean' : '99th-percentile'} FCT (log scale)`);
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH + 42).attr('text-anchor', 'end').text('flow size');
    buckets.forEach((b, i) => {
      g.append('text').attr('class', 'chart-note').attr('x', (x(labels[i] as string) ?? 0) + x.bandwidth() / 2).attr('y', innerH + 28)
        .attr('text-anchor', 'middle').text(`${b.stats.flows} flows`);
    });
    const band = g.append('rect').attr('class', 'hover-band').attr('y', 0).attr('height', innerH)
      .attr('width', x.bandwidth()).attr('fill', '#e8eef3').attr('visibility', 'hidden');
    const bars = g.append('g');
    this.series.forEach((s, si) => {
      s.buckets.forEach((b, bi) => {
        const v = bucketValue(b, this.stat);
        if (v === null || !(v > 0)) return;
        const bx = (x(labels[bi] as string) ?? 0) + (inner(si) ?? 0);
        bars.append('rect').attr('class', 'series bar').attr('data-series', si)
          .attr('x', bx).attr('width', inner.bandwidth()).attr('y', y(v)).attr('height', Math.max(0, innerH - y(v)))
          .attr('fill', s.colour).attr('stroke', '#1b2a3a').attr('stroke-width', s.dash ? 1 : 0).attr('stroke-dasharray', s.dash);
      });
    });
    this.svg.on('pointermove', (e: PointerEvent) => {
      const p = this.pointer(e);
      const bi = labels.findIndex((l) => {
        const bx = MARGIN.left + (x(l) ?? 0);
        return p.x >= bx && p.x <= bx + x.bandwidth() && p.y >= top && p.y <= top + innerH;
      });
      if (bi < 0) {
        band.attr('visibility', 'hidden');
        this.showTip(null);
        return;
      }
      band.attr('visibility', 'visible').attr('x', x(labels[bi] as string) ?? 0);
      const stat = this.stat === 'mean' ? 'mean' : 'p99';
      this.showTip(p, `flows of ${labels[bi] ?? ''}`, this.series.map((s) => {
        const b = s.buckets[bi];
        const v = b ? bucketValue(b, this.stat) : null;
        const done = b ? ` (${b.stats.completed} of ${b.stats.flows} completed)` : '';
        return { colour: s.colour, text: `${s.label}: ${v === null ? 'no completed flow' : `${stat} ${formatDuration(v)}`}${done}` };
      }));
    });
  }
}
