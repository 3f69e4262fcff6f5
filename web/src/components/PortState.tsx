import { useAppState, usePanelPosition } from '../app/context';
import type { StateField } from '../sim/types';
import { formatValue } from '../view/values';

/** One state field at the playhead, in words ("–" when it holds nothing). */
function fieldText(values: readonly number[] | null, f: StateField, t: number, flows: readonly string[]): string {
  if (values === null || values.length === 0) return '–';
  if (f.shape === 'scalar') return formatValue(values[0] as number, f.unit, t, flows);
  return values.map((v) => formatValue(v, f.unit, t, flows)).join(', ');
}

/** A histogram field as small bars. */
function Bars({ values }: { values: readonly number[] }) {
  const max = Math.max(1, ...values);
  return (
    <span className="bars" aria-hidden="true">
      {values.map((v, i) => <span key={i} style={{ height: `${Math.round((v / max) * 100)}%` }} />)}
    </span>
  );
}

/**
 * The generic state panel of one port at the playhead: its queue as the core serves it and
 * every state field its scheduler exports (the registry declares them; the core records them
 * in the trace). Any scheduler's record renders here; nothing is computed.
 */
export function PortState({ owner, far }: { owner: string; far: string }) {
  const run = useAppState((s) => s.run);
  const { cursor, t } = usePanelPosition();
  if (!run) return null;
  const s = run.result.summary;
  const port = s.ports.findIndex((p) => s.nodes[p.node]?.id === owner && s.nodes[p.to]?.id === far);
  const info = s.ports[port];
  if (!info) return null;
  const queue = run.playback.queuesAt(cursor)[port];
  const state = run.playback.stateAt(port, cursor);
  const flows = s.flows.map((f) => f.id);
  const order = info.order === 'random'
    ? 'served in random order (drawn in arrival order)'
    : `drawn in service order, each packet with its ${info.key.label}`;
  return (
    <div className="port-state" data-testid={`port-state-${owner}-${far}`}>
      <p className="muted">At the playhead: <strong>{info.scheduler}</strong>, {queue?.length ?? 0} queued, {order}.</p>
      {info.state.length > 0 && (
        <dl className="state-fields">
          {info.state.map((f, i) => (
            <div key={f.name} title={f.description}>
              <dt>{f.name}</dt>
              <dd data-testid={`state-${owner}-${far}-${f.name}`}>
                {f.shape === 'histogram' && state[i] ? <Bars values={state[i]} /> : fieldText(state[i] ?? null, f, t, flows)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
