// The receiver order of one flow (AIFO paper Figs. 12-13): each of its first data arrivals at
// the receiver as a point, x its arrival order, y its sequence number, one colour per run.
// In-order arrivals are dots; the arrivals the core marked out of order (below the highest
// sequence number received before them) are crosses; retransmissions are hollow rings. A
// flow delivered in order climbs steadily. Hover reads the arrival under the pointer.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { Chart, Y_TITLE, countTicks, type SeriesStyle } from './chart';

export interface OrderSeries extends SeriesStyle {
  /** Sequence numbers in arrival order. */
  readonly seq: readonly number[];
  /** Positions in `seq` of out-of-order arrivals and of retransmissions. */
  readonly late: readonly number[];
  readonly retransmissions: readonly number[];
  /** The run's out-of-order count for the flow (the whole run, not only the arrivals drawn). */
  readonly outOfOrder: number;
}

const MARGIN = { top: 6, right: 16, bottom: 30, left: 64 };

export class OrderChart extends Chart {
  private series: readonly OrderSeries[] = [];
  private yTitle = 'sequence number';
  private format: (v: number) => string = String;

  constructor(root: HTMLElement, testId: string, title: string) {
    super(root, testId, title);
    this.resize();
  }

  /** `yTitle` and `format` say what a sequence number counts (packets or payload bytes). */
  setData(series: readonly OrderSeries[], yTitle: string, format: (v: number) => string): void {
    this.series = series;
    this.yTitle = yTitle;
    this.format = format;
    this.redraw();
  }

  protected draw(): void {
    const top = MARGIN.top + this.legend(this.series.map((s) => ({ ...s, label: `${s.label}: ${s.outOfOrder.toLocaleString('en')} out of order` })), MARGIN.left,
      [{ label: '× out of order', opacity: 0 }, { label: '○ retransmission', opacity: 0 }]) + Y_TITLE;
    const n = Math.max(0, ...this.series.map((s) => s.seq.length));
    if (n === 0) {
      this.message('No data packet of this flow reached its receiver');
      return;
    }
    const innerW = Math.max(10, this.width - MARGIN.left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const max = Math.max(1, ...this.series.flatMap((s) => s.seq));
    const x = scaleLinear().domain([1, Math.max(2, n)]).range([0, innerW]);
    const y = scaleLinear().domain([0, max]).range([innerH, 0]).nice();
    const g = this.svg.append('g').attr('transform', `translate(${MARGIN.left},${top})`);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).tickValues(countTicks(x, Math.max(2, Math.floor(innerW / 70)))).tickFormat((d) => String(d)));
    g.append('g').attr('class', 'axis axis-y')
      .call(axisLeft(y).ticks(Math.max(2, Math.floor(innerH / 30))).tickFormat((d) => this.format(Number(d))));
    this.drawYTitle(g, this.yTitle);
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH - 4).attr('text-anchor', 'end')
      .text('arrival order at the receiver');
    this.series.forEach((s, si) => {
      const late = new Set(s.late);
      const retx = new Set(s.retransmissions);
      const layer = g.append('g').attr('class', 'series').attr('data-testid', `order-series-${si}`);
      s.seq.forEach((v, i) => {
        const cx = x(i + 1);
        const cy = y(v);
        if (late.has(i)) {
          layer.append('path').attr('class', 'order-late').attr('d', `M${cx - 4},${cy - 4}L${cx + 4},${cy + 4}M${cx - 4},${cy + 4}L${cx + 4},${cy - 4}`)
            .attr('stroke', s.colour).attr('stroke-width', 2);
        } else if (retx.has(i)) {
          layer.append('circle').attr('class', 'order-retx').attr('cx', cx).attr('cy', cy).attr('r', 3.5)
            .attr('fill', 'none').attr('stroke', s.colour).attr('stroke-width', 1.4);
        } else {
          layer.append('circle').attr('cx', cx).attr('cy', cy).attr('r', 1.8).attr('fill', s.colour);
        }
      });
    });
    this.svg.on('pointermove', (e: PointerEvent) => {
      const p = this.pointer(e);
      const k = Math.round(x.invert(p.x - MARGIN.left)) - 1;
      if (p.x < MARGIN.left || k < 0 || k >= n || p.y < top || p.y > top + innerH) {
        this.showTip(null);
        return;
      }
      this.showTip(p, `arrival ${(k + 1).toLocaleString('en')}`, this.series.map((s) => {
        const v = s.seq[k];
        const what = s.late.includes(k) ? ' (out of order)' : s.retransmissions.includes(k) ? ' (retransmission)' : '';
        return { colour: s.colour, text: `${s.label}: ${v === undefined ? '—' : this.format(v)}${what}` };
      }));
    });
  }
}
