import { useMemo, useState } from 'react';
import { useAppState, useController } from '../app/context';
import type { Counts, RunCounts } from '../sim/counts';
import type { RunSummary } from '../sim/types';
import { GROUP_BYS, MAX_FLOW_ROWS, findFlows, groupFlows, type GroupBy } from '../view/flowGroups';
import { flowColour } from '../view/palette';
import { formatDuration } from '../view/format';
import { flowsCsv } from '../view/summary';
import { setGroupBy } from '../store/appState';

const sum = (list: readonly Counts[]): Counts =>
  list.reduce((a, c) => ({ sent: a.sent + c.sent, delivered: a.delivered + c.delivered, dropped: a.dropped + c.dropped }),
    { sent: 0, delivered: 0, dropped: 0 });

/** "now / at the end" in one cell. */
function Cell({ now, end }: { now: number; end: number }) {
  return <td>{now.toLocaleString('en')}<span className="at-end"> / {end.toLocaleString('en')}</span></td>;
}

/**
 * Per-flow packets at the playhead beside the end-of-run figures: every flow when there are
 * few; else groups (by workload, size or source) and a search box that finds one flow.
 */
export function FlowResults({ summary, counts, cursor }: { summary: RunSummary; counts: RunCounts; cursor: number }) {
  const controller = useController();
  const by = useAppState((s) => s.groupBy);
  // The flow an open lesson's step points at: its row is marked.
  const marked = useAppState((s) => s.lessonFocus?.flow ?? null);
  const setBy = (g: GroupBy) => controller.store.dispatch(setGroupBy(g));
  const [query, setQuery] = useState('');
  const many = summary.flows.length > MAX_FLOW_ROWS;
  const groups = useMemo(() => (many ? groupFlows(summary, by) : []), [many, summary, by]);
  const found = useMemo(() => findFlows(summary, query, MAX_FLOW_ROWS), [summary, query]);
  const flowRow = (i: number) => {
    const f = summary.flows[i];
    if (!f) return null;
    const now = counts.flowAt(i, cursor);
    return (
      <tr key={f.id} data-testid={`flow-row-${f.id}`} className={f.id === marked ? 'lesson-marked-row' : undefined}>
        <td><span className="swatch" style={{ background: flowColour(i) }} />{f.id}</td>
        <Cell now={now.sent} end={f.sent} /><Cell now={now.delivered} end={f.delivered} /><Cell now={now.dropped} end={f.dropped} />
        <td className="at-end">{f.out_of_order.toLocaleString('en')}</td>
        <td className="at-end" data-testid={`flow-delay-${f.id}`}>{f.delay_ns ? formatDuration(f.delay_ns.mean) : '—'}</td>
      </tr>
    );
  };
  const groupRow = (g: (typeof groups)[number], i: number) => {
    const now = sum(g.flows.map((f) => counts.flowAt(f, cursor)));
    const end = g.flows.reduce((a, f) => {
      const s = summary.flows[f];
      return s ? { sent: a.sent + s.sent, delivered: a.delivered + s.delivered, dropped: a.dropped + s.dropped } : a;
    }, { sent: 0, delivered: 0, dropped: 0 });
    const late = g.flows.reduce((a, f) => a + (summary.flows[f]?.out_of_order ?? 0), 0);
    // The group's mean delay: its flows' means weighted by the packets each delivered.
    let delivered = 0;
    let delaySum = 0;
    for (const f of g.flows) {
      const s = summary.flows[f];
      if (s?.delay_ns && s.delivered > 0) {
        delivered += s.delivered;
        delaySum += s.delay_ns.mean * s.delivered;
      }
    }
    return (
      <tr key={g.key} data-testid={`flow-group-${g.key}`}>
        <td><span className="swatch" style={{ background: flowColour(i) }} />{g.label} <span className="muted">({g.flows.length.toLocaleString('en')})</span></td>
        <Cell now={now.sent} end={end.sent} /><Cell now={now.delivered} end={end.delivered} /><Cell now={now.dropped} end={end.dropped} />
        <td className="at-end">{late.toLocaleString('en')}</td>
        <td className="at-end">{delivered > 0 ? formatDuration(delaySum / delivered) : '—'}</td>
      </tr>
    );
  };
  return (
    <>
      <div className="table-head">
        <span className="muted small">{summary.flows.length.toLocaleString('en')} flows</span>
        {many && (
          <>
            <select className="small" aria-label="Group the flows" data-testid="flow-group-by" value={by} onChange={(e) => setBy(e.target.value as GroupBy)}>
              {GROUP_BYS.map((g) => <option key={g.by} value={g.by}>{g.label}</option>)}
            </select>
            <input type="search" className="flow-search" placeholder="Find a flow" aria-label="Find a flow by its id" data-testid="flow-search"
              value={query} onChange={(e) => setQuery(e.target.value)} />
          </>
        )}
        <button type="button" className="small" data-testid="export-csv-flows" title="Save every flow's results as a CSV file"
          onClick={() => controller.exportAs('flows.csv', 'Per-flow results', flowsCsv(summary))}>CSV</button>
      </div>
      <table className="flows" data-testid="flow-results">
        <caption className="sr-only">Packets per flow so far, and at the end of the run</caption>
        <thead>
          <tr><th scope="col">{many && query === '' ? 'group' : 'flow'}</th><th scope="col">sent</th><th scope="col">deliv.</th><th scope="col">drop</th><th scope="col" title="Data packets that reached the receiver below the highest sequence number it had (at the end of the run)">out of order</th><th scope="col" title="Mean end-to-end delay of the packets it delivered (at the end of the run)">delay</th></tr>
        </thead>
        <tbody>
          {!many && summary.flows.map((_, i) => flowRow(i))}
          {many && query === '' && groups.map(groupRow)}
          {many && query !== '' && found.map(flowRow)}
        </tbody>
      </table>
      <p className="note">so far <span className="at-end">/ at the end; out of order and mean delay: at the end</span>{many && query !== '' && found.length === 0 ? ' · no flow matches' : ''}</p>
    </>
  );
}
