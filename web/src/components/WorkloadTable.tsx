import { flowCount } from '../scenario/flowList';
import type { ManyFlows, Workload } from '../scenario/types';
import { TrafficRow } from './TrafficRow';

interface Props {
  readonly rows: readonly { t: ManyFlows; i: number }[];
  readonly selected: number | null;
}

function sizes(t: Workload): string {
  const d = t.sizes;
  if (d.dist === 'fixed') return `fixed ${d.size}`;
  if (d.dist === 'exponential') return `exponential, mean ${d.mean}`;
  if (d.dist === 'pareto') return `pareto, mean ${d.mean}, shape ${d.shape}`;
  return d.dist;
}

function endpoints(t: Workload): string {
  const e = t.endpoints ?? { pattern: 'uniform' };
  const hosts = e.hosts && e.hosts.length > 0 ? e.hosts.join(', ') : 'all hosts';
  return e.pattern === 'incast' ? `incast to ${e.dst ?? '(first host)'} from ${hosts}` : `${e.pattern} over ${hosts}`;
}

/** Workload generators and flow lists in a summary table; the form below the tables edits the selected one. */
export function WorkloadTable({ rows, selected }: Props) {
  if (rows.length === 0) return <p className="muted">No workload generators or flow lists.</p>;
  return (
    <table className="traffic-table" data-testid="workload-table">
      <thead>
        <tr><th>name</th><th>load</th><th>flow sizes</th><th>arrivals</th><th>endpoints</th><th aria-label="delete" /></tr>
      </thead>
      <tbody>
        {rows.map(({ t, i }) => (
          <TrafficRow key={`${i}:${t.id}`} id={t.id} index={i} selected={selected === i}>
            {t.kind === 'workload' ? (
              <>
                <td>{t.load}</td>
                <td>{sizes(t)}</td>
                <td>{t.arrival ?? 'poisson'}</td>
                <td>{endpoints(t)}</td>
              </>
            ) : (
              <>
                <td>as listed</td>
                <td>{flowCount(t)} flows listed</td>
                <td>listed times</td>
                <td>{t.nodes ? 'numbered nodes' : 'named hosts'}{(t.paths ?? []).length > 0 ? `, ${(t.paths ?? []).length} paths` : ''}</td>
              </>
            )}
          </TrafficRow>
        ))}
      </tbody>
    </table>
  );
}
