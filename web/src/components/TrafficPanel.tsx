import { useState } from 'react';
import { useAppState, useController } from '../app/context';
import { addTraffic, newTraffic } from '../scenario/commands';
import { TRAFFIC_KINDS } from '../scenario/trafficFields';
import { isPointTraffic, type TrafficKind } from '../scenario/types';
import { edit } from '../store/editorActions';
import { FlowTable } from './FlowTable';
import { TrafficForm } from './TrafficForm';
import { WorkloadTable } from './WorkloadTable';

/** The traffic editor: flows and sources in one table, workload generators and flow lists in another. */
export function TrafficPanel() {
  const { store } = useController();
  const draft = useAppState((s) => s.history.present);
  const selection = useAppState((s) => s.selection);
  const [kind, setKind] = useState<TrafficKind>('flow');
  const hosts = draft.topology.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const needsTwo = kind !== 'workload' && hosts.length < 2;
  const add = () => {
    const item = newTraffic(draft, kind, hosts[0] ?? '', hosts[1] ?? '');
    store.dispatch(edit((s) => addTraffic(s, item), { kind: 'traffic', index: draft.traffic.length }));
  };
  const points = draft.traffic.flatMap((t, i) => (isPointTraffic(t) ? [{ t, i }] : []));
  const workloads = draft.traffic.flatMap((t, i) => (isPointTraffic(t) ? [] : [{ t, i }]));
  const selected = selection?.kind === 'traffic' ? selection.index : null;
  const item = selected !== null ? draft.traffic[selected] : undefined;

  return (
    <div className="traffic-panel" data-testid="traffic-panel">
      <div className="traffic-add">
        <select aria-label="Kind of traffic to add" data-testid="traffic-kind" value={kind}
          onChange={(e) => setKind(e.target.value as TrafficKind)}>
          {TRAFFIC_KINDS.map((k) => <option key={k.kind} value={k.kind}>{k.label}</option>)}
        </select>
        <button type="button" data-testid="add-traffic" onClick={add} disabled={needsTwo}>+ Add</button>
        {needsTwo && <span className="muted">needs two hosts</span>}
      </div>
      <h3>Flows and sources</h3>
      <FlowTable rows={points} selected={selected} />
      <h3>Workload generators and flow lists</h3>
      <WorkloadTable rows={workloads} selected={selected} />
      {item && selected !== null && <TrafficForm key={`${selected}:${item.id}`} item={item} index={selected} />}
    </div>
  );
}
