// CDF of the queueing-delay ratio replay / original (UPS Fig. 1): one line through the report's
// 101 quantiles, x on a log scale (ratios of 0 are drawn at the left edge), a rule at 1 (the
// replay queued a packet as long as the original did). A plain D3 class; ReplayMetrics mounts it.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { line } from 'd3-shape';
import { chartScale, scaleSvg } from './chartScale';
import { followSize, type SizeFollower } from './followSize';

const MARGIN = { top: 8, right: 14, bottom: 34, left: 36 };

/** "0.01", "1", "100", "10k": a decade tick. */
export function decadeLabel(v: number): string {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

/** Points (x = ratio, y = quantile) of a 101-quantile CDF, ratios clamped to [xMin, ...]. */
export function cdfPoints(quantiles: readonly number[], xMin: number): [number, number][] {
  const n = quantiles.length;
  return quantiles.map((q, i) => [Math.max(xMin, q), n > 1 ? i / (n - 1) : 1]);
}

/** The x domain: from the smallest positive ratio (at most 0.1) to the largest (at least 10), by decades. */
export function ratioDomain(quantiles: readonly number[]): [number, number] {
  const positive = quantiles.filter((q) => q > 0);
  const lo = Math.min(0.1, ...positive);
  const hi = Math.max(10, ...positive);
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi))];
}

export class RatioChart {
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly size: SizeFollower;
  private quantiles: readonly number[] = [];
  private width = 0;
  private height = 0;

  constructor(root: HTMLElement) {
    this.svg = select(root).append('svg').attr('class', 'chart-svg').attr('data-testid', 'ratio-chart');
    this.size = followSize(root, (w, h) => {
      ({ width: this.width, height: this.height } = scaleSvg(this.svg, w, h, chartScale(root)));
      this.draw();
    });
    this.size.check();
  }

  setData(quantiles: readonly number[]): void {
    this.quantiles = quantiles;
    this.draw();
  }

  destroy(): void {
    this.size.stop();
    this.svg.remove();
  }

  private draw(): void {
    this.svg.selectAll('*').remove();
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - MARGIN.top - MARGIN.bottom);
    const [lo, hi] = ratioDomain(this.quantiles);
    const x = scaleLog().domain([lo, hi]).range([0, innerW]);
    const y = scaleLinear().domain([0, 1]).range([innerH, 0]);
    const g = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    const decades = Math.round(Math.log10(hi / lo));
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).ticks(decades).tickFormat((d) => {
        const v = Number(d);
        return Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? decadeLabel(v) : '';
      }));
    g.append('g').attr('class', 'axis axis-y').call(axisLeft(y).ticks(4).tickFormat((d) => `${Math.round(Number(d) * 100)}%`));
    g.append('line').attr('class', 'rule').attr('x1', x(1)).attr('x2', x(1)).attr('y1', 0).attr('y2', innerH)
      .attr('stroke', '#9aa7b3').attr('stroke-dasharray', '3 3');
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH + 31).attr('text-anchor', 'end')
      .text('queueing delay, replay / original');
    if (this.quantiles.length === 0) return;
    const path = line().x((d) => x(d[0])).y((d) => y(d[1]));
    g.append('path').attr('fill', 'none').attr('stroke', '#0072B2').attr('stroke-width', 1.8)
      .attr('d', path(cdfPoints(this.quantiles, lo)));
  }
}
