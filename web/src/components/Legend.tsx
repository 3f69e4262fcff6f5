import { useMemo } from 'react';
import { useAppState, useController } from '../app/context';
import { setColourBy } from '../store/appState';
import { GROUP_BYS, groupFlows } from '../view/flowGroups';
import { displayName } from '../scenario/registry';
import { formatMs } from '../view/format';
import { keyGroups, keySentence } from '../view/keyLegend';
import { DROP_COLOUR, FLOW_COLOURS, OVERDUE_COLOUR, flowColour } from '../view/palette';

/** Groups named in the legend; more are counted. */
const LEGEND_GROUPS = 8;

/** What the marks in the animation mean, and what the scenario is about. */
export function Legend() {
  const { store } = useController();
  const colourBy = useAppState((s) => s.colourBy);
  const summary = useAppState((s) => (s.view === 'single' ? s.run?.result.summary ?? null : null));
  const many = (summary?.flows.length ?? 0) > FLOW_COLOURS.length;
  const groups = useMemo(() => (summary && many && colourBy !== 'flow' ? groupFlows(summary, colourBy) : []), [summary, many, colourBy]);
  const registry = useAppState((s) => s.schedulers);
  const keys = useMemo(() => (summary ? keySentence(keyGroups(summary, (n) => displayName(registry, n))) : ''), [summary, registry]);
  const description = useAppState((s) => s.history.present.description ?? '');
  const replayMode = useAppState((s) => (s.view === 'single' ? s.replay?.mode ?? null : null));
  const comparison = useAppState((s) => (s.view === 'compare' ? s.comparison : null));
  const cut = comparison?.runs.some((r) => r.run.result.summary.trace_truncated) ?? false;
  const duration = Math.max(0, ...(comparison?.runs.map((r) => r.run.result.summary.end_ns) ?? []));
  const replayKey = useAppState((s) => {
    const r = s.replay?.run.result.summary;
    return r?.ports.find((p) => r.nodes[p.node]?.kind === 'router')?.key ?? null;
  });
  return (
    <div className="stage-notes">
      {description && <p className="description">{description}</p>}
      <ul className="marks" aria-label="Legend">
        <li data-testid="legend-keys">
          <span className="mark square" /> queued, in the order its scheduler serves (bottom next), with the value it orders by
          {keys ? `: ${keys}` : ''} (select a link for its state)
        </li>
        <li><span className="mark dot" /> on a link (colour = {colourBy === 'flow' ? 'flow' : `its flow's group, ${colourBy}`}; click to follow)</li>
        {many && (
          <li>
            <label>colour packets{' '}
              <select className="small" data-testid="colour-by" value={colourBy} onChange={(e) => store.dispatch(setColourBy(e.target.value as typeof colourBy))}>
                <option value="flow">by flow ({FLOW_COLOURS.length} colours repeat)</option>
                {GROUP_BYS.map((g) => <option key={g.by} value={g.by}>{g.label}</option>)}
              </select>
            </label>
          </li>
        )}
        {groups.slice(0, LEGEND_GROUPS).map((g, i) => (
          <li key={g.key} data-testid={`legend-group-${g.key}`}><span className="swatch" style={{ background: flowColour(i) }} />{g.label} ({g.flows.length.toLocaleString('en')})</li>
        ))}
        {groups.length > LEGEND_GROUPS && <li>and {groups.length - LEGEND_GROUPS} more groups (colours repeat)</li>}
        <li><span className="mark cross" style={{ color: DROP_COLOUR }}>✕</span> drop</li>
        <li><span className="mark ce">CE</span> ECN mark</li>
        {comparison && <li data-testid="compare-legend">each panel: one scheduler, its own queues, at the same simulated time; wheel or +/− zooms all, drag pans</li>}
        {comparison && cut && (
          <li data-testid="compare-trace-cut">
            the animation shows the first {formatMs(comparison.endNs, 1)} of {formatMs(duration, 0)} (the trace budget is shared by the runs); the charts cover whole runs
          </li>
        )}
        {replayMode && (
          <li data-testid="replay-legend">
            <span className="mark overdue" style={{ background: OVERDUE_COLOUR }} /> overdue (dark corner) in the replay (ring: where its slack went negative; outlined in the original)
            {replayKey?.unit === 'deadline' ? `; replay queues show each packet's ${replayKey.label} now` : `; replay queues show the ${replayKey?.label ?? 'key'}`}
          </li>
        )}
      </ul>
    </div>
  );
}
