// Values per time window as step lines: throughput per flow (or per group of flows), Jain's
// fairness index. x is simulated time, y the value in its unit; a window without a value (no
// flow active for the whole window, for Jain's index) leaves a gap. A vertical line marks the
// playhead (moved without redrawing the series). Hover reads every series in the window under
// the pointer. A lesson step may mark a span of time (a shaded band, labelled) and one series
// (drawn thicker, the others faded).
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { formatDuration } from '../format';
import { Chart, Y_TITLE, timeTick, type SeriesStyle } from './chart';

export interface TimeSeries extends SeriesStyle {
  /** One value per window (null: undefined in that window). */
  readonly v: readonly (number | null)[];
}

/** What a lesson step marks on the chart: a span of time [from, to), ns, and a series by label. */
export interface TimeMarks {
  readonly during: readonly [number, number] | null;
  readonly series: string | null;
}

export interface TimeOptions {
  readonly testId: string;
  readonly title: string;
  readonly yTitle: string;
  readonly format: (v: number) => string;
  /** A fixed top of the y axis (1 for an index); else the data's, rounded up. */
  readonly yMax?: number;
  readonly empty: string;
}

const MARGIN = { top: 6, right: 16, bottom: 30, left: 56 };

export class TimeChart extends Chart {
  private series: readonly TimeSeries[] = [];
  private marks: TimeMarks = { during: null, series: null };
  private windowNs = 1;
  private playhead = 0;
  private x: ScaleLinear<number, number> | null = null;
  private line: ReturnType<TimeChart['drawPlayhead']> | null = null;

  constructor(root: HTMLElement, private readonly opts: TimeOptions) {
    super(root, opts.testId, opts.title);
    this.resize();
  }

  /** Series of values per window of `windowNs`, window k starting at k * windowNs. */
  setData(series: readonly TimeSeries[], windowNs: number, marks: TimeMarks = { during: null, series: null }): void {
    this.series = series;
    this.windowNs = Math.max(1, windowNs);
    this.marks = marks;
    this.redraw();
  }

  /** Moves the playhead line to simulated time `tNs` (clamped to the chart's span). */
  setPlayhead(tNs: number): void {
    this.playhead = tNs;
    this.placePlayhead();
  }

  private placePlayhead(): void {
    const x = this.x;
    if (!x || !this.line) return;
    const [lo, hi] = x.domain() as [number, number];
    const px = x(Math.min(hi, Math.max(lo, this.playhead)));
    this.line.attr('x1', px).attr('x2', px);
  }

  private drawPlayhead(g: ReturnType<TimeChart['plot']>, innerH: number) {
    return g.append('line').attr('class', 'playhead').attr('data-testid', `${this.opts.testId}-playhead`)
      .attr('y1', 0).attr('y2', innerH).attr('stroke', '#1b2a3a').attr('stroke-width', 1.2).attr('stroke-dasharray', '4 3');
  }

  private plot(top: number) {
    return this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
  }

  protected draw(): void {
    this.x = null;
    this.line = null;
    const top = MARGIN.top + this.legend(this.series, MARGIN.left) + Y_TITLE;
    const windows = Math.max(0, ...this.series.map((s) => s.v.length));
    if (windows === 0 || !this.series.some((s) => s.v.some((v) => v !== null))) {
      this.message(this.opts.empty);
      return;
    }
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const end = windows * this.windowNs;
    let max = 0;
    for (const s of this.series) for (const v of s.v) if (v !== null && v > max) max = v;
    const x = scaleLinear().domain([0, end]).range([0, innerW]);
    const y = scaleLinear().domain([0, this.opts.yMax ?? (max > 0 ? max : 1)]).range([innerH, 0]);
    if (this.opts.yMax === undefined) y.nice();
    const g = this.plot(top);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 80))).tickFormat((d) => timeTick(Number(d))));
    g.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(y).ticks(Math.max(2, Math.floor(innerH / 30))).tickFormat((d) => this.opts.format(Number(d))));
    this.drawYTitle(g, this.opts.yTitle);
    // Each window's value holds from its start to the next window's (a step).
    const path = line<[number, number | null]>()
      .defined((d) => d[1] !== null)
      .x((d) => x(d[0]))
      .y((d) => y(d[1] ?? 0))
      .curve(curveStepAfter);
    const during = this.marks.during;
    if (during) {
      const [a, b] = [Math.max(0, during[0]), Math.min(end, during[1])];
      if (b > a) {
        g.append('rect').attr('class', 'marked-span').attr('data-testid', `${this.opts.testId}-marked-span`)
          .attr('x', x(a)).attr('width', x(b) - x(a)).attr('y', 0).attr('height', innerH)
          .attr('fill', '#f2b23e').attr('fill-opacity', 0.16).attr('stroke', '#b06a00').attr('stroke-dasharray', '4 3');
      }
    }
    const strong = this.marks.series !== null && this.series.some((s) => s.label === this.marks.series) ? this.marks.series : null;
    g.append('g').selectAll('path').data(this.series).join('path')
      .attr('class', (s) => (s.label === strong ? 'series marked' : 'series'))
      .attr('fill', 'none').attr('stroke-width', (s) => (s.label === strong ? 3.2 : 1.8))
      .attr('stroke-opacity', (s) => (strong === null || s.label === strong ? 1 : 0.45))
      .attr('stroke', (s) => s.colour).attr('stroke-dasharray', (s) => s.dash)
      .attr('d', (s) => {
        const pts = s.v.map((v, k): [number, number | null] => [k * this.windowNs, v]);
        const last = s.v[s.v.length - 1];
        if (last !== undefined) pts.push([s.v.length * this.windowNs, last]);
        return path(pts);
      });
    this.x = x;
    this.line = this.drawPlayhead(g, innerH);
    this.placePlayhead();
    const band = g.append('rect').attr('class', 'hover-band').attr('y', 0).attr('height', innerH)
      .attr('fill', '#1b2a3a').attr('fill-opacity', 0.06).attr('visibility', 'hidden');
    this.svg.on('pointermove', (e: PointerEvent) => {
      const p = this.pointer(e);
      const k = Math.floor(x.invert(p.x - MARGIN.left) / this.windowNs);
      if (p.x < MARGIN.left || k < 0 || k >= windows || p.y < top || p.y > top + innerH) {
        band.attr('visibility', 'hidden');
        this.showTip(null);
        return;
      }
      band.attr('visibility', 'visible').attr('x', x(k * this.windowNs)).attr('width', Math.max(1, x(this.windowNs) - x(0)));
      this.showTip(p, `${formatDuration(k * this.windowNs)} – ${formatDuration((k + 1) * this.windowNs)}`, this.series.map((s) => {
        const v = s.v[k];
        return { colour: s.colour, text: `${s.label}: ${v === null || v === undefined ? '—' : this.opts.format(v)}` };
      }));
    });
  }
}
