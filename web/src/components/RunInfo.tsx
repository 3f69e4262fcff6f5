import { useAppState, usePanelPosition } from '../app/context';
import { FlowResults } from './lazy';
import { Part } from './Part';

/** The run's identity and its totals at the playhead, the end-of-run figures beside them. */
export function RunInfo() {
  const run = useAppState((s) => s.run);
  const runState = useAppState((s) => s.runState);
  const cursor = usePanelPosition().cursor;
  if (!run) {
    return (
      <section className="panel run-info" aria-label="Run">
        <p className="muted" data-testid="run-state">{runState === 'running' ? 'Simulating…' : 'No run yet.'}</p>
      </section>
    );
  }
  const summary = run.result.summary;
  const { totals } = summary;
  const { counts } = run;
  const now = counts.at(cursor);
  const total = (id: 'sent' | 'delivered' | 'dropped', label: string) => (
    <div>
      <dt>{label}</dt>
      <dd><span data-testid={`total-${id}`}>{now[id].toLocaleString('en')}</span>
        <span className="at-end" data-testid={`total-${id}-end`}>of {totals[id].toLocaleString('en')} at the end</span></dd>
    </div>
  );
  return (
    <section className="panel run-info" aria-label="Run">
      <div className="hash-row">
        <span className="muted">Trace hash</span>
        <code className="hash" data-testid="trace-hash" title={summary.trace_hash}>{summary.trace_hash}</code>
      </div>
      <dl className="totals" aria-label="Packets so far (at the playhead), and at the end of the run">
        {total('sent', 'sent so far')}
        {total('delivered', 'delivered so far')}
        {total('dropped', 'dropped so far')}
        <div><dt>seed</dt><dd>{summary.seed}</dd></div>
      </dl>
      {summary.trace_truncated && (
        <p className="note">The animation shows the first {summary.trace_stored.toLocaleString('en')} of {summary.events_total.toLocaleString('en')} events; the figures at the end cover the whole run.</p>
      )}
      <Part what="the flows"><FlowResults summary={summary} counts={counts} cursor={cursor} /></Part>
    </section>
  );
}
