// What the per-port bar charts share (dropsChart, waitChart): one row per port (the ports a
// chart picks, named by the page's port labels), one bar per series in each row, an x axis
// along the rows, and a hover readout for the row under the pointer.
import { axisLeft, type Axis } from 'd3-axis';
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from 'd3-scale';
import { Chart, labelMargin, type G, type SeriesStyle } from './chart';

const MARGIN = { top: 6, right: 16, bottom: 30 };

/** The rows as drawn: x along a row, y the rows, `bar` a series' band within a row. */
export interface Rows {
  readonly x: ScaleLinear<number, number>;
  readonly y: ScaleBand<number>;
  readonly bar: ScaleBand<number>;
  /** The plot, its origin at the first row's top-left. */
  readonly g: G;
  /** Where the plot starts: below the legend, right of the port labels. */
  readonly top: number;
  readonly left: number;
}

export abstract class PortChart<S extends SeriesStyle> extends Chart {
  protected series: readonly S[] = [];
  protected portLabel: (port: number) => string = (p) => `port ${p}`;

  constructor(root: HTMLElement, testId: string, title: string) {
    super(root, testId, title);
    this.resize();
  }

  setData(series: readonly S[], portLabel: (port: number) => string): void {
    this.series = series;
    this.portLabel = portLabel;
    this.redraw();
  }

  /** The legend's height plus the margin: where the rows may start. */
  protected top(extra: readonly { label: string; opacity: number }[] = []): number {
    return MARGIN.top + this.legend(this.series, 8, extra);
  }

  /**
   * Lays out a row per port from `top` down and draws the axes: x from 0 to `max` (rounded
   * up), its ticks by `xAxis` (given the plot's width), titled `xTitle`.
   */
  protected rows(
    ports: readonly number[], top: number, max: number, xTitle: string,
    xAxis: (x: ScaleLinear<number, number>, width: number) => Axis<number | { valueOf(): number }>,
  ): Rows {
    const labels = ports.map((p) => this.portLabel(p));
    const left = labelMargin(labels, this.width);
    const innerW = Math.max(10, this.width - left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const y = scaleBand<number>().domain(ports).range([0, innerH]).paddingInner(0.2);
    const bar = scaleBand<number>().domain(this.series.map((_, i) => i)).range([0, y.bandwidth()]).padding(0.06);
    const x = scaleLinear().domain([0, max]).nice().range([0, innerW]);
    const g = this.svg.append('g').attr('transform', `translate(${left},${top})`);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`).call(xAxis(x, innerW));
    g.append('g').attr('class', 'axis axis-y').call(axisLeft(y).tickFormat((p) => labels[ports.indexOf(p)] ?? ''));
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH + 26).attr('text-anchor', 'end').text(xTitle);
    return { x, y, bar, g, top, left };
  }

  /** On hover, the readout of the row under the pointer: `heading` and a line per series. */
  protected hoverRows(ports: readonly number[], rows: Rows, heading: (port: number) => string, line: (s: S, port: number) => string): void {
    this.svg.on('pointermove', (e: PointerEvent) => {
      const pt = this.pointer(e);
      const row = ports.find((p) => {
        const by = rows.top + (rows.y(p) ?? 0);
        return pt.y >= by && pt.y <= by + rows.y.bandwidth() && pt.x >= rows.left;
      });
      if (row === undefined) {
        this.showTip(null);
        return;
      }
      this.showTip(pt, heading(row), this.series.map((s) => ({ colour: s.colour, text: line(s, row) })));
    });
  }
}
