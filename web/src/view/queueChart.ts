// Line chart of queue length (packets) over time, one step line per port. It grows with the
// playhead: only points with t <= playhead are shown. The paths are drawn once per data set; a
// mask (an HTML element moved by a CSS transform) hides what lies after the playhead, and its
// left edge is the playhead. Moving it needs no repaint of the paths (a fat-tree has ~100),
// only compositing. A plain D3 class; components/ChartPanel mounts it.
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
  private readonly mask: HTMLDivElement;

  constructor(container: HTMLElement) {
    this.root = container;
    this.svg = select(container).append('svg').attr('class', 'chart-svg').attr('data-testid', 'queue-chart');
    this.plot = this.svg.append('g');
    this.mask = document.createElement('div');
    this.mask.className = 'chart-mask';
    container.appendChild(this.mask);
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
    this.mask.remove();
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
    // A loop, not Math.max(...values): a big run has more points than a call may take arguments.
    let yMax = 1;
    for (const s of this.series) for (const v of s.v) if (v > yMax) yMax = v;
    this.x = scaleLinear().domain([0, this.xMax / 1e6]).range([0, innerW]);
    this.y = scaleLinear().domain([0, yMax]).nice().range([innerH, 0]);
    this.plot.attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    this.plot.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(this.x).ticks(Math.max(2, Math.floor(innerW / 70))).tickFormat((d) => `${String(d)} ms`));
    this.plot.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(this.y).ticks(Math.max(2, Math.floor(innerH / 30))));
    this.plot.append('text').attr('class', 'axis-title').attr('x', 4).attr('y', -2).text('packets queued');
    // Covers the plot from the playhead on, down to the x axis, which its bottom border redraws.
    Object.assign(this.mask.style, {
      left: `${MARGIN.left}px`, top: `${MARGIN.top - 2}px`, width: `${innerW + MARGIN.right}px`, height: `${innerH + 3}px`,
    });
    const path = line()
      .x((d) => this.x(d[0] / 1e6))
      .y((d) => this.y(d[1]))
      .curve(curveStepAfter);
    this.plot.append('g')
      .selectAll('path.series')
      .data(this.series)
      .join('path')
      .attr('class', 'series')
      .attr('fill', 'none')
      .attr('stroke-width', 1.6)
      .attr('stroke', (s) => s.colour)
      .attr('d', (s) => {
        if (s.t.length === 0) return null;
        const points = s.t.map((t, j): [number, number] => [t, s.v[j] as number]);
        // The last value holds to the end of the run (a step chart); the mask hides the future.
        points.push([Math.max(this.xMax, s.t[s.t.length - 1] as number), s.v[s.v.length - 1] as number]);
        return path(points);
      });
    this.update();
  }

  private update(): void {
    const ph = this.playhead;
    const px = this.x(ph / 1e6);
    this.mask.style.transform = `translateX(${Math.max(0, px).toFixed(1)}px)`;
    this.series.forEach((s, i) => {
      this.visible[i] = bisectRight(s.t, ph);
    });
  }
}
