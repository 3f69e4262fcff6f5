import { useMemo, useState } from 'react';
import type { RunSummary } from '../sim/types';
import { OrderChart, type OrderSeries } from '../view/charts/orderChart';
import { compactNumber } from '../view/format';
import { ChartCard } from './ChartCard';
import type { BoardRun } from './ResultsBoard';

const makeOrder = (el: HTMLElement) => new OrderChart(el, 'chart-receiver-order', 'Receiver order of a flow');
const drawOrder = (c: OrderChart, d: { series: readonly OrderSeries[]; yTitle: string; format: (v: number) => string }) =>
  c.setData(d.series, d.yTitle, d.format);

/** Flows whose receiver order the core kept (its first flows), in flow order. */
function recorded(s: RunSummary): number[] {
  return s.receiver_order.map((o) => o.flow);
}

/**
 * The receiver order of a chosen flow (AIFO Figs. 12-13): sequence number against arrival
 * order, one colour per run; by default the flow with the most out-of-order arrivals.
 */
export function ReorderCard({ runs }: { runs: readonly BoardRun[] }) {
  const first = runs[0]?.summary ?? null;
  const flows = useMemo(() => (first ? recorded(first) : []), [first]);
  const busiest = useMemo(() => {
    let best: number | null = null;
    let most = -1;
    for (const f of flows) {
      const n = runs.reduce((a, r) => a + (r.summary.flows[f]?.out_of_order ?? 0), 0);
      if (n > most) { most = n; best = f; }
    }
    return best;
  }, [runs, flows]);
  const [choice, setChoice] = useState<number | null>(null);
  const flow = choice !== null && flows.includes(choice) ? choice : busiest;
  const data = useMemo(() => {
    const f = flow === null || !first ? null : first.flows[flow];
    const bytes = f ? f.transport !== 'udp' : false;
    return {
      series: runs.map((r): OrderSeries => {
        const o = r.summary.receiver_order.find((x) => x.flow === flow);
        return { label: r.label, colour: r.colour, dash: r.dash, seq: o?.seq ?? [], late: o?.late ?? [], retransmissions: o?.retransmissions ?? [], outOfOrder: o?.out_of_order ?? 0 };
      }),
      yTitle: bytes ? 'sequence number (payload byte offset)' : 'sequence number (packet)',
      format: (v: number) => compactNumber(v),
    };
  }, [runs, flow, first]);
  if (!first || flows.length === 0) return null;
  return (
    <ChartCard id="receiver-order" title="Receiver order (sequence number by arrival)" make={makeOrder} draw={drawOrder} data={data}
      controls={flows.length > 1 && (
        <select aria-label="Flow" data-testid="receiver-order-flow" value={flow ?? ''} onChange={(e) => setChoice(Number(e.target.value))}>
          {flows.map((f) => <option key={f} value={f}>{first.flows[f]?.id ?? `flow ${f}`}</option>)}
        </select>
      )}
      note="The flow's first data arrivals at its receiver (up to 300; kept for the first 16 flows). A packet is out of order when its sequence number is below the highest its receiver already had; retransmissions are not counted (AIFO paper, Figs. 12-13)." />
  );
}
