// Drops per port by reason: one row per port that dropped in any series (the most first), one
// bar per series in its colour, split by reason (shades of the colour; the legend says which).
// The count axis has whole-number ticks. Hover gives each series' counts at that port.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleBand, scaleLinear } from 'd3-scale';
import type { DropCounts } from '../../generated/results';
import { DROP_REASON_LABELS, DROP_REASONS } from '../../generated/vocabulary';
import { Chart, labelMargin, countTicks, type SeriesStyle } from './chart';

export interface DropsSeries extends SeriesStyle {
  /** Per port index, its drops by reason. */
  readonly ports: readonly DropCounts[];
}

const MARGIN = { top: 6, right: 16, bottom: 30 };
/** Rows shown: the ports with the most drops. */
export const MAX_PORT_ROWS = 8;
/** Opacity of each reason's segment, in the order of DROP_REASONS. */
const SHADES = [1, 0.6, 0.38, 0.22, 0.12, 0.06, 0.03];

const total = (d: DropCounts | undefined): number => (d ? DROP_REASONS.reduce((a, r) => a + d[r], 0) : 0);

/** Ports that dropped in any series, most drops first (ties by port index), at most `max`. */
export function droppingPorts(series: readonly DropsSeries[], max = MAX_PORT_ROWS): number[] {
  const n = Math.max(0, ...series.map((s) => s.ports.length));
  const sums = Array.from({ length: n }, (_, p) => series.reduce((a, s) => a + total(s.ports[p]), 0));
  return sums.map((sum, p) => ({ sum, p })).filter((x) => x.sum > 0).sort((a, b) => b.sum - a.sum || a.p - b.p).slice(0, max).map((x) => x.p);
}

export class DropsChart extends Chart {
  private series: readonly DropsSeries[] = [];
  private portLabel: (port: number) => string = (p) => `port ${p}`;

  constructor(root: HTMLElement, testId: string, title: string) {
    super(root, testId, title);
    this.resize();
  }

  setData(series: readonly DropsSeries[], portLabel: (port: number) => string): void {
    this.series = series;
    this.portLabel = portLabel;
    this.redraw();
  }

  protected draw(): void {
    const ports = droppingPorts(this.series);
    const reasons = DROP_REASONS.filter((r) => this.series.some((s) => ports.some((p) => (s.ports[p]?.[r] ?? 0) > 0)));
    const top = MARGIN.top + this.legend(this.series, 8, reasons.map((r) => ({ label: DROP_REASON_LABELS[r], opacity: SHADES[DROP_REASONS.indexOf(r)] ?? 0.1 })));
    if (ports.length === 0) {
      this.message('No packet was dropped');
      return;
    }
    const labels = ports.map((p) => this.portLabel(p));
    const left = labelMargin(labels, this.width);
    const innerW = Math.max(10, this.width - left - MARGIN.right);
    const innerH = Math.max(10, this.height - top - MARGIN.bottom);
    const y = scaleBand<number>().domain(ports).range([0, innerH]).paddingInner(0.2);
    const inner = scaleBand<number>().domain(this.series.map((_, i) => i)).range([0, y.bandwidth()]).padding(0.06);
    const max = Math.max(1, ...this.series.flatMap((s) => ports.map((p) => total(s.ports[p]))));
    const x = scaleLinear().domain([0, max]).nice().range([0, innerW]);
    const g = this.svg.append('g').attr('transform', `translate(${left},${top})`);
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).tickValues(countTicks(x, Math.max(2, Math.floor(innerW / 60)))).tickFormat((d) => String(d)));
    g.append('g').attr('class', 'axis axis-y').call(axisLeft(y).tickFormat((p) => labels[ports.indexOf(p)] ?? ''));
    g.append('text').attr('class', 'axis-title').attr('x', innerW).attr('y', innerH + 26).attr('text-anchor', 'end').text('packets dropped');
    const bars = g.append('g');
    this.series.forEach((s, si) => {
      for (const p of ports) {
        let at = 0;
        DROP_REASONS.forEach((r, ri) => {
          const n = s.ports[p]?.[r] ?? 0;
          if (n === 0) return;
          bars.append('rect').attr('class', 'series bar').attr('data-series', si)
            .attr('x', x(at)).attr('width', Math.max(1, x(at + n) - x(at)))
            .attr('y', (y(p) ?? 0) + (inner(si) ?? 0)).attr('height', inner.bandwidth())
            .attr('fill', s.colour).attr('fill-opacity', SHADES[ri] ?? 0.1).attr('stroke', s.colour);
          at += n;
        });
      }
    });
    this.svg.on('pointermove', (e: PointerEvent) => {
      const pt = this.pointer(e);
      const row = ports.find((p) => {
        const by = top + (y(p) ?? 0);
        return pt.y >= by && pt.y <= by + y.bandwidth() && pt.x >= left;
      });
      if (row === undefined) {
        this.showTip(null);
        return;
      }
      this.showTip(pt, `drops at ${this.portLabel(row)}`, this.series.map((s) => {
        const d = s.ports[row];
        const parts = DROP_REASONS.filter((r) => (d?.[r] ?? 0) > 0).map((r) => `${DROP_REASON_LABELS[r]} ${d?.[r] ?? 0}`);
        return { colour: s.colour, text: `${s.label}: ${total(d)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}` };
      }));
    });
  }
}
