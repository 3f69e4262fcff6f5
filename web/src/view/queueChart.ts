// Line chart of queue length (packets) over time, one step line per port. It grows with the
// playhead: only points with t <= playhead are drawn. A plain D3 class; components/ChartPanel
// mounts it.
import { bisectRight } from 'd3-array';
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { curveStepAfter, line } from 'd3-shape';

export interface ChartSeries {
  readonly label: string;
  readonly colour: string;
  /** Times (ns, ascending) and values. */
  readonly t: readonly number[];
  readonly v: readonly number[];
}

const MARGIN = { top: 12, right: 16, bottom: 30, left: 40 };

export class QueueChart {
  private readonly root: HTMLElement;
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly plot: Selection<SVGGElement, unknown, null, undefined>;
  private readonly observer: ResizeObserver | null;
  private series: readonly ChartSeries[] = [];
  private xMax = 1;
  private playhead = 0;
  private visible: number[] = [];
  private width = 0;
  private height = 0;
  private x: ScaleLinear<number, number> = scaleLinear();
  private y: ScaleLinear<number, number> = scaleLinear();

  constructor(container: HTMLElement) {
    this.root = container;
    this.svg = select(container).append('svg').attr('class', 'chart-svg').attr('data-testid', 'queue-chart');
    this.plot = this.svg.append('g');
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.observer?.observe(container);
    this.resize();
  }

  /** New data: the x axis spans [0, xMaxNs]; the playhead starts at 0. */
  setData(series: readonly ChartSeries[], xMaxNs: number): void {
    this.series = series;
    this.xMax = Math.max(1, xMaxNs);
    this.playhead = 0;
    this.rebuild();
  }

  setPlayhead(tNs: number): void {
    this.playhead = tNs;
    this.update();
  }

  /** Number of data points currently drawn (t <= playhead), over all series. */
  pointCount(): number {
    return this.visible.reduce((a, b) => a + b, 0);
  }

  destroy(): void {
    this.observer?.disconnect();
    this.svg.remove();
  }

  private resize(): void {
    const w = this.root.clientWidth;
    const h = this.root.clientHeight;
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.svg.attr('width', w).attr('height', h);
    this.rebuild();
  }

  private rebuild(): void {
    this.plot.selectAll('*').remove();
    this.visible = this.series.map(() => 0);
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - MARGIN.top - MARGIN.bottom);
    const yMax = Math.max(1, ...this.series.flatMap((s) => s.v));
    this.x = scaleLinear().domain([0, this.xMax / 1e6]).range([0, innerW]);
    this.y = scaleLinear().domain([0, yMax]).nice().range([innerH, 0]);
    this.plot.attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    this.plot.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(this.x).ticks(Math.max(2, Math.floor(innerW / 70))).tickFormat((d) => `${String(d)} ms`));
    this.plot.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(this.y).ticks(Math.max(2, Math.floor(innerH / 30))));
    this.plot.append('text').attr('class', 'axis-title').attr('x', 4).attr('y', -2).text('packets queued');
    this.plot.selectAll('path.series')
      .data(this.series)
      .join('path')
      .attr('class', 'series')
      .attr('fill', 'none')
      .attr('stroke-width', 1.6)
      .attr('stroke', (s) => s.colour);
    this.plot.append('line').attr('class', 'playhead').attr('y1', 0).attr('y2', innerH);
    this.update();
  }

  private update(): void {
    const ph = this.playhead;
    const px = this.x(ph / 1e6);
    this.plot.select('line.playhead').attr('x1', px).attr('x2', px);
    const path = line()
      .x((d) => this.x(d[0] / 1e6))
      .y((d) => this.y(d[1]))
      .curve(curveStepAfter);
    this.plot.selectAll<SVGPathElement, ChartSeries>('path.series').attr('d', (s, i) => {
      const n = bisectRight(s.t, ph);
      this.visible[i] = n;
      if (n === 0) return null;
      const points: [number, number][] = [];
      for (let j = 0; j < n; j++) points.push([s.t[j] as number, s.v[j] as number]);
      // The last value holds until the playhead (a step chart).
      points.push([ph, s.v[n - 1] as number]);
      return path(points);
    });
  }
}
