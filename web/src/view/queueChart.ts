// Line chart of queue length (packets) over time: one step line per series (per port in the
// Results tab, per scheduler at one port in a comparison). It grows with the playhead: only
// points with t <= playhead are shown. The paths are drawn once per data set; a mask (an HTML
// element moved by a CSS transform) hides what lies after the playhead, and its left edge is
// the playhead. Moving it needs no repaint of the paths (a fat-tree has ~100), only
// compositing. The count axis has whole-number ticks; hover reads every series at the pointer
// (up to the playhead). A chart class (charts/chart.ts); ChartPanel and the results board mount it.
import { bisectRight } from 'd3-array';
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { Chart, countTicks, timeTick } from './charts/chart';
import { formatDuration } from './format';

/** Numbers in order: an array, or a typed array (the run summary's queue series, sim/queueColumns.ts). */
export type Series = ArrayLike<number> & Iterable<number>;

export interface ChartSeries {
  readonly label: string;
  readonly colour: string;
  /** SVG stroke-dasharray ("" or absent: solid). */
  readonly dash?: string;
  /** Times (ns, ascending) and values. */
  readonly t: Series;
  readonly v: Series;
  /** The line a lesson step points at: drawn thicker. */
  readonly marked?: boolean;
}

export interface QueueChartOptions {
  readonly testId?: string;
  readonly title?: string;
  /** Draw the series' legend inside the chart (the Results tab lists its ports below it instead). */
  readonly legend?: boolean;
}

const MARGIN = { top: 12, right: 16, bottom: 30, left: 40 };

export class QueueChart extends Chart {
  private series: readonly ChartSeries[] = [];
  private xMax = 1;
  private playhead = 0;
  private visible: number[] = [];
  private x: ScaleLinear<number, number> = scaleLinear();
  private readonly mask: HTMLDivElement;

  constructor(container: HTMLElement, private readonly opts: QueueChartOptions = {}) {
    super(container, opts.testId ?? 'queue-chart', opts.title ?? 'Queue length');
    this.mask = document.createElement('div');
    this.mask.className = 'chart-mask';
    container.appendChild(this.mask);
    this.resize();
  }

  /** New data: the x axis spans [0, xMaxNs]; the playhead starts at 0. */
  setData(series: readonly ChartSeries[], xMaxNs: number): void {
    this.series = series;
    this.xMax = Math.max(1, xMaxNs);
    this.playhead = 0;
    this.redraw();
  }

  setPlayhead(tNs: number): void {
    this.playhead = tNs;
    this.update();
  }

  /** Number of data points currently drawn (t <= playhead), over all series. */
  pointCount(): number {
    return this.visible.reduce((a, b) => a + b, 0);
  }

  override destroy(): void {
    super.destroy();
    this.mask.remove();
  }

  protected draw(): void {
    this.visible = this.series.map(() => 0);
    const top = MARGIN.top + (this.opts.legend ? this.legend(this.series.map((s) => ({ ...s, dash: s.dash ?? '' })), MARGIN.left) : 0);
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    // A loop, not Math.max(...values): a big run has more points than a call may take arguments.
    let yMax = 1;
    for (const s of this.series) for (const v of s.v) if (v > yMax) yMax = v;
    this.x = scaleLinear().domain([0, this.xMax]).range([0, innerW]);
    const x = this.x;
    const y = scaleLinear().domain([0, yMax]).nice().range([innerH, 0]);
    const plot = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
    plot.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 70))).tickFormat((d) => timeTick(Number(d))));
    plot.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(y).tickValues(countTicks(y, Math.max(2, Math.floor(innerH / 30)))).tickFormat((d) => String(d)));
    plot.append('text').attr('class', 'axis-title').attr('x', 4).attr('y', -2).text('packets queued');
    // Covers the plot from the playhead on, down to the x axis, which its bottom border redraws.
    Object.assign(this.mask.style, {
      left: `${MARGIN.left * this.k}px`, top: `${(top - 2) * this.k}px`, width: `${(innerW + MARGIN.right) * this.k}px`, height: `${(innerH + 3) * this.k}px`,
    });
    const path = line()
      .x((d) => x(d[0]))
      .y((d) => y(d[1]))
      .curve(curveStepAfter);
    plot.append('g')
      .selectAll('path.series')
      .data(this.series)
      .join('path')
      .attr('class', (s) => (s.marked ? 'series marked' : 'series'))
      .attr('fill', 'none')
      .attr('stroke-width', (s) => (s.marked ? 3.2 : 1.6))
      .attr('stroke', (s) => s.colour)
      .attr('stroke-dasharray', (s) => s.dash ?? '')
      .attr('d', (s) => {
        if (s.t.length === 0) return null;
        const points = Array.from(s.t, (t, j): [number, number] => [t, s.v[j] as number]);
        // The last value holds to the end of the run (a step chart); the mask hides the future.
        points.push([Math.max(this.xMax, s.t[s.t.length - 1] as number), s.v[s.v.length - 1] as number]);
        return path(points);
      });
    const guide = plot.append('line').attr('y1', 0).attr('y2', innerH).attr('stroke', '#9aa7b3').attr('stroke-dasharray', '3 3')
      .attr('visibility', 'hidden');
    this.svg.on('pointermove', (e: PointerEvent) => {
      const p = this.pointer(e);
      const t = x.invert(p.x - MARGIN.left);
      if (t < 0 || t > Math.min(this.playhead, this.xMax) || p.y < top || p.y > top + innerH) {
        guide.attr('visibility', 'hidden');
        this.showTip(null);
        return;
      }
      guide.attr('visibility', 'visible').attr('x1', x(t)).attr('x2', x(t));
      this.showTip(p, `at ${formatDuration(Math.round(t))}`, this.series.map((s) => {
        const i = bisectRight(s.t, t) - 1;
        return { colour: s.colour, text: `${s.label}: ${i < 0 ? 0 : (s.v[i] as number)} packets` };
      }));
    });
    this.update();
  }

  private update(): void {
    const ph = this.playhead;
    const px = this.x(ph);
    this.mask.style.transform = `translateX(${Math.max(0, px).toFixed(1)}px)`;
    this.series.forEach((s, i) => {
      this.visible[i] = bisectRight(s.t, ph);
    });
  }
}
