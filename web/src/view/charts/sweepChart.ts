// A sweep's chart: a metric against the swept parameter, a line per scheduler through the
// means across seeds, and a band for each mean's 95% confidence interval (the core's summary).
// A parameter without numbers (the scheduler) is placed by its order.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { SweepSeries } from '../../sweep/setup';
import { compactNumber } from '../format';
import { COMPARE_COLOURS, COMPARE_DASHES, SERIES_COLOURS } from '../palette';
import { Chart, Y_TITLE, type SeriesStyle } from './chart';

const MARGIN = { top: 6, right: 18, bottom: 40, left: 64 };

export interface SweepChartData {
  readonly series: readonly SweepSeries[];
  readonly categorical: boolean;
  readonly xTitle: string;
  readonly yTitle: string;
}

/** Colour and dash of line `i`. */
export function sweepStyle(label: string, i: number): SeriesStyle {
  const colours = [...COMPARE_COLOURS, ...SERIES_COLOURS];
  return { label, colour: colours[i % colours.length] ?? '#1b2a3a', dash: COMPARE_DASHES[i % COMPARE_DASHES.length] ?? '' };
}

export class SweepChart extends Chart {
  private data: SweepChartData = { series: [], categorical: false, xTitle: '', yTitle: '' };

  constructor(root: HTMLElement, testId: string, title: string) {
    super(root, testId, title);
    this.resize();
  }

  setData(data: SweepChartData): void {
    this.data = data;
    this.redraw();
  }

  protected draw(): void {
    const { series, categorical, xTitle, yTitle } = this.data;
    const styles = series.map((s, i) => sweepStyle(s.label, i));
    const top = MARGIN.top + this.legend(styles, 8, [{ label: '95% interval', opacity: 0.18 }]) + Y_TITLE;
    const points = series.flatMap((s) => s.points);
    if (points.length === 0) {
      this.message('No point has this metric');
      return;
    }
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const xs = points.map((p) => p.x);
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    const pad = x0 === x1 ? 1 : 0;
    const x = scaleLinear().domain([x0 - pad, x1 + pad]).range([0, innerW]);
    if (!categorical) x.nice();
    const lo = Math.min(0, ...points.map((p) => p.low));
    const hi = Math.max(...points.map((p) => p.high), lo + 1e-12);
    const y = scaleLinear().domain([lo, hi]).nice().range([innerH, 0]);
    const g = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
    const labels = new Map(points.map((p) => [p.x, p.label]));
    const xAxis = axisBottom(x).tickSizeOuter(0);
    if (categorical) xAxis.tickValues([...labels.keys()]).tickFormat((v) => labels.get(Number(v)) ?? '');
    else xAxis.ticks(Math.max(2, Math.floor(innerW / 70))).tickFormat((v) => compactNumber(Number(v)));
    g.append('g').attr('class', 'axis').attr('transform', `translate(0,${innerH})`).call(xAxis);
    g.append('g').attr('class', 'axis').call(axisLeft(y).ticks(5).tickFormat((v) => compactNumber(Number(v))));
    g.append('text').attr('class', 'axis-title').attr('x', innerW / 2).attr('y', innerH + 32).attr('text-anchor', 'middle').text(xTitle);
    this.drawYTitle(g, yTitle);
    series.forEach((s, i) => {
      const st = styles[i];
      if (!st) return;
      const band = area<(typeof s.points)[number]>().x((p) => x(p.x)).y0((p) => y(p.low)).y1((p) => y(p.high));
      g.append('path').attr('class', 'sweep-band').attr('data-testid', 'sweep-band').attr('d', band(s.points) ?? '')
        .attr('fill', st.colour).attr('fill-opacity', 0.18).attr('stroke', 'none');
      const path = line<(typeof s.points)[number]>().x((p) => x(p.x)).y((p) => y(p.mean));
      g.append('path').attr('class', 'sweep-line').attr('data-testid', 'sweep-line').attr('d', path(s.points) ?? '')
        .attr('fill', 'none').attr('stroke', st.colour).attr('stroke-width', 2).attr('stroke-dasharray', st.dash);
      g.append('g').selectAll('circle').data(s.points).join('circle').attr('cx', (p) => x(p.x)).attr('cy', (p) => y(p.mean))
        .attr('r', 3).attr('fill', st.colour)
        .append('title').text((p) => `${s.label} at ${p.label}: ${compactNumber(p.mean)} (95% interval ${compactNumber(p.low)} to ${compactNumber(p.high)}, ${p.n} seeds)`);
    });
  }
}
