import { Fragment, useMemo } from 'react';
import { useAppState, usePanelPosition } from '../app/context';
import { replayLabel } from '../sim/replay';
import { exits, inUnits, paperRows, type Cell } from '../sim/theory';
import { formatDuration } from '../view/format';

/**
 * The original schedule and the replay's as the UPS paper tabulates them (Figs. 8-10): per
 * congestion point, packet(arrival, scheduling time) in the scenario's unit (a preemptive
 * replay adds when an interrupted packet resumed). Entries after the playhead are dimmed
 * (they have not happened yet); packets the replay makes late are red.
 */
export function ScheduleTables() {
  const run = useAppState((s) => s.run);
  const replay = useAppState((s) => s.replay);
  const modes = useAppState((s) => s.replayModes);
  const t = usePanelPosition().t;
  const summary = run?.result.summary ?? null;
  const table = summary?.schedule ?? null;
  const again = replay?.report.schedule ?? null;
  const rows = useMemo(() => (summary && table ? paperRows(summary, table, again) : []), [summary, table, again]);
  const out = useMemo(() => (table ? exits(table, again) : []), [table, again]);
  if (!table) return null;
  const unit = table.unit_ns;
  const cells = (list: readonly Cell[], testId: string) => (
    <td data-testid={testId}>
      {list.map((c, i) => (
        // The separator sits outside the (unbreakable) entry, so a long row wraps between entries.
        <Fragment key={c.packet}>
          <span className={`cell${c.late ? ' late' : ''}${c.start !== null && c.start > t ? ' future' : ''}`}>
            {c.name}({inUnits(c.arrive, unit)}, {inUnits(c.start, unit)}
            {c.resumed !== null && <span className={c.resumed > t ? 'future' : undefined}>; resumed {inUnits(c.resumed, unit)}</span>})
          </span>
          {i < list.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
    </td>
  );
  return (
    <section className="paper-tables" aria-label="Schedules as in the paper">
      <table className="paper-table" data-testid="paper-table">
        <caption>
          packet(arrival, scheduling time) at each congestion point; 1 unit = {formatDuration(unit)}
        </caption>
        <thead>
          <tr><th>node</th><th>original</th>{again && <th>replay: {replay ? replayLabel(modes, replay) : ''}</th>}</tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.node} data-testid={`paper-row-${r.node}`}>
              <th scope="row">{r.node}</th>
              {cells(r.original, `paper-original-${r.node}`)}
              {r.replay && cells(r.replay, `paper-replay-${r.node}`)}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="paper-table exits" data-testid="paper-exits">
        <thead>
          <tr><th>packet</th><th>o(p)</th>{again && <><th>o′(p)</th><th>late by</th></>}</tr>
        </thead>
        <tbody>
          {out.map((e) => (
            <tr key={e.packet} className={e.lateBy !== null ? 'late' : undefined} data-testid={`paper-exit-${e.name}`}>
              <th scope="row">{e.name}</th>
              <td className="num">{inUnits(e.target, unit)}</td>
              {again && (
                <>
                  <td className="num">{inUnits(e.replay, unit)}</td>
                  <td className="num" data-testid={`paper-late-${e.name}`}>{e.lateBy === null ? '' : inUnits(e.lateBy, unit)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
