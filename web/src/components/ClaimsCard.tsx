import { useEffect, useState } from 'react';
import { useAppState, useController } from '../app/context';
import type { CheckReportOut } from '../generated/results';
import '../papers/papers.css';

/** The checks a scenario file states (their names and paper items), read from its text. */
function statedChecks(scenarioText: string): { name: string; item?: string }[] {
  try {
    const doc = JSON.parse(scenarioText) as { checks?: unknown };
    if (!Array.isArray(doc.checks)) return [];
    return doc.checks.flatMap((c: unknown) => {
      const o = c as { name?: unknown; item?: unknown };
      return typeof o.name === 'string' ? [{ name: o.name, ...(typeof o.item === 'string' ? { item: o.item } : {}) }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The claims the example on screen states (its `checks`), and, on request, whether each holds
 * on this run: the core runs the scenario with its seed (the same trace hash) and the other
 * schedulers' runs its checks compare with, and evaluates them.
 */
export function ClaimsCard() {
  const controller = useController();
  const run = useAppState((s) => s.run);
  const [report, setReport] = useState<CheckReportOut | null>(null);
  const [state, setState] = useState<'idle' | 'checking' | 'error'>('idle');
  const [error, setError] = useState('');
  useEffect(() => {
    setReport(null);
    setState('idle');
  }, [run]);
  if (!run) return null;
  const stated = statedChecks(run.scenarioText);
  if (stated.length === 0) return null;
  const check = async () => {
    setState('checking');
    try {
      setReport(JSON.parse(await controller.checks(run.scenarioText)) as CheckReportOut);
      setState('idle');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
    }
  };
  const sameRun = report !== null && report.trace_hash === run.result.summary.trace_hash;
  const held = report?.checks.filter((c) => c.passed).length ?? 0;
  return (
    <section className="panel claims-card" aria-label="The example's claims" data-testid="claims">
      <h4>Claims this example states ({stated.length})</h4>
      {report === null && (
        <p>
          <button type="button" data-testid="claims-check" disabled={state === 'checking'} onClick={() => void check()}>
            {state === 'checking' ? 'Checking…' : 'Check them against this run'}
          </button>{' '}
          <span className="muted small">runs it again with its seed, and the schedulers it compares with</span>
        </p>
      )}
      {state === 'error' && <p className="error-text" role="alert">The checks could not run: {error}</p>}
      {report !== null && (
        <p className="muted small" data-testid="claims-summary">
          {held} of {report.checks.length} hold on {sameRun ? 'this run (the same trace hash)' : `a run with trace hash ${report.trace_hash.slice(0, 12)}`}
        </p>
      )}
      <ul className="claims-list">
        {stated.map((c, i) => {
          const o = report?.checks[i];
          const status = !o ? null : o.passed ? 'held' : o.known_difference ? 'differs' : 'failed';
          return (
            <li key={i} data-testid={`claim-${i}`} data-status={status ?? 'unchecked'}>
              {status && <span className={`st st-${status === 'failed' ? 'absent' : status}`}>{status === 'held' ? 'holds' : status === 'differs' ? 'known difference' : 'fails'}</span>}{' '}
              {c.name}
              {c.item && <span className="gallery-file"> {c.item}</span>}
              {o && <div className="muted small">{o.message}</div>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
