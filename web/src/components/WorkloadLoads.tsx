import { portLabel } from '../view/labels';
import { formatDuration } from '../view/format';
import type { BoardRun } from './ResultsBoard';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * Each workload's target load beside what its loaded links measured: over the sources' active
 * period (what the target is about) and over the whole run (diluted by the drain). The
 * calibrated link is named; ties (every other link whose expected load reaches the target)
 * are counted, with the range they measured.
 */
export function WorkloadLoads({ runs }: { readonly runs: readonly BoardRun[] }) {
  const rows = runs.flatMap((r) => r.summary.workloads.map((w) => ({ run: r, w })));
  if (rows.length === 0) return null;
  const many = runs.length > 1;
  return (
    <section className="summary" aria-label="Workload load" data-testid="workload-loads">
      <header>
        <h3>Workload load</h3>
        <span className="muted small">on the link each was calibrated on</span>
      </header>
      <div className="summary-scroll" tabIndex={0} role="region" aria-label="Workload load table (scrolls sideways)">
        <table className="summary-table">
          <thead>
            <tr>
              {many && <th scope="col">scheduler</th>}
              <th scope="col">workload</th>
              <th scope="col">target</th>
              <th scope="col">link</th>
              <th scope="col" title="Busy fraction while the sources send">measured, active period</th>
              <th scope="col" title="Busy fraction over the whole run, drain included">measured, whole run</th>
              <th scope="col">active period</th>
              <th scope="col" title="Other links whose expected load reaches the target, and what they measured over the active period">other loaded links</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ run, w }) => {
              const others = w.links.slice(1);
              const lo = Math.min(...others.map((l) => l.active_load));
              const hi = Math.max(...others.map((l) => l.active_load));
              return (
                <tr key={`${run.label}:${w.id}`} data-testid={`workload-load-${w.id}`}>
                  {many && <th scope="row"><span className="swatch" style={{ background: run.colour }} />{run.label}</th>}
                  <th scope="row">{w.id}</th>
                  <td>{pct(w.target_load)}</td>
                  <td>{portLabel(run.summary, w.port)}</td>
                  <td data-testid={`workload-active-${w.id}`}>{pct(w.active_load)}</td>
                  <td>{pct(w.measured_load)}</td>
                  <td>{formatDuration(w.active_start_ns)} – {formatDuration(w.active_end_ns)}</td>
                  <td>{others.length === 0 ? 'none' : `${others.length}: ${pct(lo)} – ${pct(hi)}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
