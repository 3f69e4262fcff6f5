import { memo, useMemo } from 'react';
import { useAppState, useController, usePanelPosition } from '../app/context';
import { overdueRows, type OverdueRow } from '../sim/replay';
import type { Store } from '../store/store';
import type { AppState } from '../store/appState';
import { jumpToOverdue } from '../store/replayActions';
import { formatDuration, formatMs } from '../view/format';
import { flowColour } from '../view/palette';

/** The overdue packets the report lists (the first 2000 to go wrong); a row moves the playhead there. */
export function OverdueList() {
  const { store } = useController();
  const replay = useAppState((s) => s.replay);
  const rows = useMemo(() => (replay ? overdueRows(replay.overdue, replay.run.result.summary) : []), [replay]);
  const t = usePanelPosition().t;
  const wrongNow = replay?.overdue.countAt(t) ?? 0;
  if (!replay) return null;
  const total = replay.report.overdue;
  return (
    <section className="overdue-section" aria-label="Overdue packets">
      <h3>
        Overdue packets <span className="muted" data-testid="overdue-count">{total.toLocaleString('en')}</span>
        {total > 0 && <span className="muted small"> · {wrongNow.toLocaleString('en')} gone wrong by now</span>}
      </h3>
      {total === 0 && <p className="muted" data-testid="overdue-empty">No packet is overdue: the replay met every original exit time.</p>}
      {rows.length < total && (
        <p className="note" data-testid="overdue-listed">
          Listed: the first {rows.length.toLocaleString('en')} to go wrong (the report's list).
          {replay.overdue.marked >= total
            ? ` All ${total.toLocaleString('en')} are marked red (found from their slack).`
            : ` Only the ${replay.overdue.marked.toLocaleString('en')} listed are marked red.`}
        </p>
      )}
      {rows.length > 0 && <Rows rows={rows} store={store} />}
    </section>
  );
}

/** The rows do not depend on the playhead: rendered once per replay. */
const Rows = memo(function Rows({ rows, store }: { rows: readonly OverdueRow[]; store: Store<AppState> }) {
  return (
    <div className="overdue-list" data-testid="overdue-list" role="list">
      <div className="overdue-head" aria-hidden="true">
        <span>when</span><span>packet</span><span>flow</span><span>late by</span><span>hop</span><span title="congestion points in the original">cp</span>
      </div>
      {rows.map((r, i) => (
        <button type="button" role="listitem" key={r.replayId} data-testid={`overdue-row-${i}`}
          onClick={() => store.dispatch(jumpToOverdue(r.replayId))} title="Move the playhead to when this packet went wrong">
          <span>{formatMs(r.atNs)}</span>
          <span>{r.replayId}</span>
          <span className="flow-cell"><span className="swatch" style={{ background: flowColour(r.flowIndex) }} />{r.flow}</span>
          <span>{r.lateBy === null ? 'never left' : formatDuration(r.lateBy)}</span>
          <span className="hop-cell">{r.hop}</span>
          <span>{r.congestionPoints}</span>
        </button>
      ))}
    </div>
  );
});
