import { useAppState, useController } from '../app/context';
import { flowColour } from '../view/palette';
import { flowsCsv } from '../view/summary';

/** Rows of the flow table; a workload's hundreds of flows are summed up in one line. */
const MAX_FLOW_ROWS = 8;

export function RunInfo() {
  const controller = useController();
  const summary = useAppState((s) => s.run?.result.summary ?? null);
  const runState = useAppState((s) => s.runState);
  if (!summary) {
    return (
      <section className="panel run-info" aria-label="Run">
        <p className="muted" data-testid="run-state">{runState === 'running' ? 'Simulating…' : 'No run yet.'}</p>
      </section>
    );
  }
  const { totals } = summary;
  return (
    <section className="panel run-info" aria-label="Run">
      <div className="hash-row">
        <span className="muted">Trace hash</span>
        <code className="hash" data-testid="trace-hash" title={summary.trace_hash}>{summary.trace_hash}</code>
      </div>
      <dl className="totals">
        <div><dt>sent</dt><dd data-testid="total-sent">{totals.sent}</dd></div>
        <div><dt>delivered</dt><dd data-testid="total-delivered">{totals.delivered}</dd></div>
        <div><dt>dropped</dt><dd data-testid="total-dropped">{totals.dropped}</dd></div>
        <div><dt>seed</dt><dd>{summary.seed}</dd></div>
      </dl>
      {summary.trace_truncated && (
        <p className="note">The animation shows the first {summary.trace_stored.toLocaleString('en')} of {summary.events_total.toLocaleString('en')} events; totals cover the whole run.</p>
      )}
      <div className="table-head">
        <span className="muted small">{summary.flows.length.toLocaleString('en')} flows</span>
        <button type="button" className="small" data-testid="export-csv-flows" title="Save every flow's results as a CSV file"
          onClick={() => controller.download(controller.fileName('flows.csv'), flowsCsv(summary))}>CSV</button>
      </div>
      <table className="flows">
        <thead>
          <tr><th>flow</th><th>sent</th><th>deliv.</th><th>drop</th></tr>
        </thead>
        <tbody>
          {summary.flows.slice(0, MAX_FLOW_ROWS).map((f, i) => (
            <tr key={f.id}>
              <td><span className="swatch" style={{ background: flowColour(i) }} />{f.id}</td>
              <td>{f.sent}</td>
              <td>{f.delivered}</td>
              <td>{f.dropped}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary.flows.length > MAX_FLOW_ROWS && (
        <p className="note">and {(summary.flows.length - MAX_FLOW_ROWS).toLocaleString('en')} more flows</p>
      )}
    </section>
  );
}
