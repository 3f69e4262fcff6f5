import { useMemo } from 'react';
import { useController } from '../app/context';
import { bestOf, summaryColumns, summaryCsv } from '../view/summary';
import type { BoardRun } from './ResultsBoard';

/** The headline numbers per run, the best of each column marked, and their CSV. */
export function SummaryTable({ runs }: { readonly runs: readonly BoardRun[] }) {
  const controller = useController();
  const first = runs[0]?.summary;
  const columns = useMemo(() => (first ? summaryColumns(first) : []), [first]);
  const best = useMemo(() => columns.map((c) => bestOf(runs.map((r) => c.value(r.summary)), c.better, runs.map((r) => c.text(r.summary)))), [columns, runs]);
  if (!first) return null;
  const exportCsv = () => controller.exportAs('summary.csv', 'Summary', summaryCsv(runs, columns));
  return (
    <section className="summary" aria-label="Results summary" data-testid="summary">
      <header>
        <h3>Summary</h3>
        <span className="muted small">{runs.length > 1 ? '★ best in its column' : ''}</span>
        <span className="spacer" />
        <button type="button" className="small" data-testid="export-csv-summary" title="Save this table as a CSV file" onClick={exportCsv}>CSV</button>
      </header>
      <div className="summary-scroll" tabIndex={0} role="region" aria-label="Summary table (scrolls sideways)">
        <table className="summary-table">
          <thead>
            <tr>
              <th scope="col">scheduler</th>
              {columns.map((c) => <th scope="col" key={c.id} title={c.better === 'low' ? 'lower is better' : 'higher is better'}>{c.title}</th>)}
            </tr>
          </thead>
          <tbody>
            {runs.map((r, i) => (
              <tr key={r.label} data-testid={`summary-row-${i}`}>
                <th scope="row"><span className="swatch" style={{ background: r.colour }} />{r.label}</th>
                {columns.map((c, j) => {
                  const isBest = best[j]?.[i] ?? false;
                  return (
                    <td key={c.id} className={isBest ? 'best' : undefined} data-testid={`summary-${c.id}-${i}`}
                      aria-label={isBest ? `${c.text(r.summary)}, best` : undefined}>
                      {c.text(r.summary)}{isBest && <span aria-hidden="true"> ★</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
