// Drops per port by reason: one row per port that dropped in any series (the most first), one
// bar per series in its colour, split by reason (shades of the colour; the legend says which).
// The count axis has whole-number ticks. Hover gives each series' counts at that port.
import { axisBottom } from 'd3-axis';
import type { DropCounts } from '../../generated/results';
import { DROP_REASON_LABELS, DROP_REASONS } from '../../generated/vocabulary';
import { countTicks, type SeriesStyle } from './chart';
import { PortChart } from './portChart';

export interface DropsSeries extends SeriesStyle {
  /** Per port index, its drops by reason. */
  readonly ports: readonly DropCounts[];
}

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

export class DropsChart extends PortChart<DropsSeries> {
  protected draw(): void {
    const ports = droppingPorts(this.series);
    const reasons = DROP_REASONS.filter((r) => this.series.some((s) => ports.some((p) => (s.ports[p]?.[r] ?? 0) > 0)));
    const top = this.top(reasons.map((r) => ({ label: DROP_REASON_LABELS[r], opacity: SHADES[DROP_REASONS.indexOf(r)] ?? 0.1 })));
    if (ports.length === 0) {
      this.message('No packet was dropped');
      return;
    }
    const max = Math.max(1, ...this.series.flatMap((s) => ports.map((p) => total(s.ports[p]))));
    const rows = this.rows(ports, top, max, 'packets dropped',
      (x, w) => axisBottom(x).tickValues(countTicks(x, Math.max(2, Math.floor(w / 60)))).tickFormat((d) => String(d)));
    const { x, y, bar: inner } = rows;
    const bars = rows.g.append('g');
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
    this.hoverRows(ports, rows, (p) => `drops at ${this.portLabel(p)}`, (s, p) => {
      const d = s.ports[p];
      const parts = DROP_REASONS.filter((r) => (d?.[r] ?? 0) > 0).map((r) => `${DROP_REASON_LABELS[r]} ${d?.[r] ?? 0}`);
      return `${s.label}: ${total(d)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
    });
  }
}
