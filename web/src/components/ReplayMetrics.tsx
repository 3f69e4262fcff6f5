import { useEffect, useMemo, useRef } from 'react';
import { useAppState, useController } from '../app/context';
import { replayLabel, table1Rows } from '../sim/replay';
import { RatioChart } from '../view/ratioChart';
import { tableCsv } from '../view/summary';

/** The replay's Table 1 metrics (UPS) and the CDF of the queueing-delay ratio. */
export function ReplayMetrics() {
  const controller = useController();
  const replay = useAppState((s) => s.replay);
  const modes = useAppState((s) => s.replayModes);
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<RatioChart | null>(null);
  const rows = useMemo(() => (replay ? table1Rows(replay.report) : []), [replay]);

  useEffect(() => {
    if (!ref.current) return;
    const c = new RatioChart(ref.current);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, []);
  useEffect(() => chart.current?.setData(replay?.report.qdelay_ratio_cdf ?? []), [replay]);

  if (!replay) return null;
  return (
    <section className="replay-metrics" aria-label="Replay metrics">
      <div className="table-head">
        <span className="spacer" />
        <button type="button" className="small" data-testid="export-csv-replay" title="Save this table as a CSV file"
          onClick={() => controller.exportAs(`replay-${replay.name}.csv`, `Table 1: ${replayLabel(modes, replay)} replay`,
            tableCsv([['metric', 'value', 'fraction'], ...rows.map((r) => [r.what, r.value, r.fraction])]))}>CSV</button>
      </div>
      <table className="metrics" data-testid="replay-metrics">
        <caption>Table 1: {replayLabel(modes, replay)} replay</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.testId} data-testid={`metric-${r.testId}`}>
              <th scope="row">{r.what}</th>
              <td className="num" data-testid={`metric-${r.testId}-value`}>{r.value}</td>
              <td className="num" data-testid={`metric-${r.testId}-fraction`}>{r.fraction}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {replay.run.result.summary.trace_truncated && (
        <p className="note">The replay animation shows the first {replay.run.result.summary.trace_stored.toLocaleString('en')} events; the metrics cover the whole replay.</p>
      )}
      <div className="ratio-chart" ref={ref} role="img" aria-label="CDF of the queueing delay ratio, replay over original" />
    </section>
  );
}
