// A CDF drawn from the 101 quantiles the core computes (0th..100th percentile): FCT, slowdown,
// per-packet delay. x on a log scale by decades (values of 0 sit at the left edge), y the
// fraction at or below. Hover reads every series at the pointer's percentile.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { SeriesChart, Y_TITLE, ordinal, type SeriesStyle } from './chart';

export interface CdfSeries extends SeriesStyle {
  /** 101 ascending values: the 0th to the 100th percentile (empty: nothing to draw). */
  readonly quantiles: readonly number[];
}

export interface CdfOptions {
  readonly testId: string;
  readonly title: string;
  /** Under the x axis, with its unit, e.g. "flow completion time". */
  readonly xTitle: string;
  /** A value in words with its unit ("1.2 ms", "3.4x"). */
  readonly format: (v: number) => string;
  /** What the chart says when no series has data. */
  readonly empty: string;
}

const MARGIN = { top: 6, right: 16, bottom: 36, left: 42 };

/** The x domain by whole decades, from the smallest positive value to the largest. */
export function decadeDomain(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = 0;
  for (const v of values) {
    if (v > 0 && v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > 0)) return [1, 10];
  const a = 10 ** Math.floor(Math.log10(lo));
  const b = 10 ** Math.ceil(Math.log10(hi));
  return b > a ? [a, b] : [a, a * 10];
}

export class CdfChart extends SeriesChart<CdfSeries> {
  constructor(root: HTMLElement, private readonly opts: CdfOptions) {
    super(root, opts.testId, opts.title);
    this.resize();
  }

  protected draw(): void {
    const top = MARGIN.top + this.legend(this.series, MARGIN.left) + Y_TITLE;
    const drawn = this.series.filter((s) => s.quantiles.length > 1);
    if (drawn.length === 0) {
      this.message(this.opts.empty);
      return;
    }
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const [lo, hi] = decadeDomain(drawn.flatMap((s) => s.quantiles));
    const x = scaleLog().domain([lo, hi]).range([0, innerW]).clamp(true);
    const y = scaleLinear().domain([0, 1]).range([innerH, 0]);
    const g = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
    const decades = Math.round(Math.log10(hi / lo));
    const every = Math.max(1, Math.ceil(decades / Math.max(1, Math.floor(innerW / 70))));
    const ticks = Array.from({ length: decades + 1 }, (_, i) => lo * 10 ** i).filter((_, i) => i % every === 0);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).tickValues(ticks).tickFormat((d) => this.opts.format(Number(d))));
    g.append('g').attr('class', 'axis axis-y').call(axisLeft(y).ticks(4).tickFormat((d) => `${Math.round(Number(d) * 100)}%`));
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH + 31).attr('text-anchor', 'end')
      .text(`${this.opts.xTitle} (log scale)`);
    this.drawYTitle(g, 'fraction ≤ x');
    const path = line().x((d) => x(Math.max(lo, d[0]))).y((d) => y(d[1]));
    g.append('g').selectAll('path').data(drawn).join('path')
      .attr('class', 'series').attr('fill', 'none').attr('stroke-width', 2)
      .attr('stroke', (s) => s.colour).attr('stroke-dasharray', (s) => s.dash)
      .attr('d', (s) => path(s.quantiles.map((q, i, all): [number, number] => [q, i / (all.length - 1)])));
    const guide = g.append('line').attr('class', 'hover-guide').attr('x1', 0).attr('x2', innerW)
      .attr('stroke', '#9aa7b3').attr('stroke-dasharray', '3 3').attr('visibility', 'hidden');
    const dots = g.append('g');
    this.svg.on('pointermove', (e: PointerEvent) => {
      const p = this.pointer(e);
      const fy = 1 - (p.y - top) / innerH;
      if (p.x < MARGIN.left || fy < 0 || fy > 1) {
        guide.attr('visibility', 'hidden');
        dots.selectAll('*').remove();
        this.showTip(null);
        return;
      }
      const pct = Math.round(fy * 100);
      guide.attr('visibility', 'visible').attr('y1', y(pct / 100)).attr('y2', y(pct / 100));
      dots.selectAll('*').remove();
      const lines = drawn.map((s) => {
        const i = Math.round((pct / 100) * (s.quantiles.length - 1));
        const v = s.quantiles[i] as number;
        dots.append('circle').attr('r', 3.5).attr('cx', x(Math.max(lo, v))).attr('cy', y(pct / 100)).attr('fill', s.colour);
        return { colour: s.colour, text: `${s.label}: ${this.opts.format(v)}` };
      });
      this.showTip(p, `${ordinal(pct)} percentile`, lines);
    });
  }
}
