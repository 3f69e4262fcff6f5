import { useMemo, useState } from 'react';
import { useAppState, useController, usePanelPosition } from '../app/context';
import { setCompareSetup } from '../store/compareActions';
import type { SchedulerSpec } from '../scenario/types';
import { curveFields, curvePlot, portCurves, upTo, type CurvePlot, type Pt } from '../view/curveView';
import { paramSlider, type Slider } from '../view/paramSlider';
import { formatValue } from '../view/values';

const W = 320;
const H = 190;
const M = { left: 48, right: 10, top: 8, bottom: 30 };

/** A polyline's points on the plot. */
function path(points: readonly Pt[], p: CurvePlot): string {
  const sx = (x: number) => M.left + ((x - p.x[0]) / (p.x[1] - p.x[0])) * (W - M.left - M.right);
  const sy = (y: number) => H - M.bottom - ((y - p.y[0]) / (p.y[1] - p.y[0])) * (H - M.top - M.bottom);
  return points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
}

/** The plot: virtual or deadline curve, service curve (dashed, on top: where they coincide both show), the service received, now. */
function Plot({ p, curveName, clockName }: { p: CurvePlot; curveName: string; clockName: string }) {
  const [nx] = path([[p.now, p.y[0]]], p).split(',');
  const [ax, ay] = path([p.at], p).split(',');
  return (
    <svg className="curve-plot" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" data-testid="curve-plot"
      aria-label={`${curveName}, service curve and service received`}>
      <rect x={M.left} y={M.top} width={W - M.left - M.right} height={H - M.top - M.bottom} fill="#fbfcfd" stroke="#b9c3cc" />
      <line x1={nx} x2={nx} y1={M.top} y2={H - M.bottom} stroke="#8a97a3" strokeDasharray="2 3" data-testid="curve-now" />
      <polyline points={path(p.curve, p)} fill="none" stroke="#33414f" strokeWidth={1.5} data-testid="curve-virtual" />
      <polyline points={path(p.service, p)} fill="none" stroke="#1f6fb2" strokeWidth={2} strokeDasharray="6 4" data-testid="curve-service" />
      <polyline points={path(p.received, p)} fill="none" stroke="#d9731c" strokeWidth={2} data-testid="curve-received" />
      <circle cx={ax} cy={ay} r={3.5} fill="#b5472a" />
      <text x={M.left} y={H - 14} fontSize={10} fill="#4a5a6a">{formatValue(p.x[0], 'ns', 0)}</text>
      <text x={W - M.right} y={H - 14} fontSize={10} fill="#4a5a6a" textAnchor="end">{formatValue(p.x[1], 'ns', 0)}</text>
      <text x={(W + M.left) / 2} y={H - 3} fontSize={10} fill="#4a5a6a" textAnchor="middle">{clockName}</text>
      <text x={M.left - 3} y={H - M.bottom} fontSize={10} fill="#4a5a6a" textAnchor="end">{formatValue(p.y[0], 'bytes', 0)}</text>
      <text x={M.left - 3} y={M.top + 9} fontSize={10} fill="#4a5a6a" textAnchor="end">{formatValue(p.y[1], 'bytes', 0)}</text>
    </svg>
  );
}

/**
 * BPR and PBS sliders: releasing one compares FSC with them against PFQ (the same FSC with
 * PBS = 0). Their ranges, steps and starting values are the registry's FSC parameters'
 * (view/paramSlider.ts); the scenario's values when it sets them.
 */
function FscVsPfq({ spec, router }: { spec: SchedulerSpec; router: string | null }) {
  const registry = useAppState((s) => s.schedulers);
  const declared = registry.find((r) => r.name === 'fsc')?.params ?? [];
  const params = spec.params ?? {};
  const bpr = paramSlider(declared.find((p) => p.name === 'bpr'), params.bpr);
  const pbs = paramSlider(declared.find((p) => p.name === 'pbs'), params.pbs);
  return bpr && pbs ? <FscSliders spec={spec} router={router} bprRange={bpr} pbsRange={pbs} /> : null;
}

function FscSliders({ spec, router, bprRange, pbsRange }: { spec: SchedulerSpec; router: string | null; bprRange: Slider; pbsRange: Slider }) {
  const controller = useController();
  const busy = useAppState((s) => s.runState === 'running' || s.compareState === 'running');
  const params = spec.params ?? {};
  const [bpr, setBpr] = useState(bprRange.initial);
  const [pbs, setPbs] = useState(pbsRange.initial);
  const commit = () => {
    const fsc = (p: number): SchedulerSpec => ({ name: 'fsc', params: { ...params, bpr, pbs: `${p}B` } });
    const routers = router === null ? null : [router];
    controller.store.dispatch(setCompareSetup({ variants: [{ scheduler: fsc(pbs), routers }, { scheduler: fsc(0), routers }] }));
    void controller.compare();
  };
  return (
    <div className="fsc-sliders" data-testid="fsc-sliders">
      <label className="alpha-slider">
        <span className="field-label">burst preference ratio BPR = m1/m2 = {bpr}</span>
        <input type="range" min={bprRange.min} max={bprRange.max} step={bprRange.step} value={bpr} aria-label="BPR" data-testid="fsc-bpr" disabled={busy}
          onChange={(e) => setBpr(Number(e.target.value))} onPointerUp={commit} onKeyUp={commit} />
      </label>
      <label className="alpha-slider">
        <span className="field-label">preferred burst size PBS = {formatValue(pbs, 'bytes', 0)}</span>
        <input type="range" min={pbsRange.min} max={pbsRange.max} step={pbsRange.step} value={pbs} aria-label="PBS" data-testid="fsc-pbs" disabled={busy}
          onChange={(e) => setPbs(Number(e.target.value))} onPointerUp={commit} onKeyUp={commit} />
      </label>
      <span className="muted">Releasing a slider compares FSC with these against PFQ (the same FSC with PBS = 0) on this scenario: the
        Compare view opens with both runs side by side: flow completion times, the mean burst delay of ON-OFF sources, throughput.</span>
      <button type="button" data-testid="fsc-compare" disabled={busy} onClick={commit}>Compare with PFQ</button>
    </div>
  );
}

/**
 * For one flow at a FSC or SCED port: its service curve as anchored when it last became
 * backlogged (dashed), its virtual (FSC) or deadline (SCED) curve, and the service it received
 * up to the playhead; all as the core recorded them in the port's state (view/curveView.ts).
 */
export function CurveView({ owner, far, link }: { owner: string; far: string; link: number }) {
  const run = useAppState((s) => s.run);
  const choices = useAppState((s) => s.portChoices);
  const nodes = useAppState((s) => s.history.present.topology.nodes);
  const { cursor, t } = usePanelPosition();
  const [chosen, setChosen] = useState<number | null>(null);
  const s = run?.result.summary;
  const port = s ? s.ports.findIndex((p) => s.nodes[p.node]?.id === owner && s.nodes[p.to]?.id === far) : -1;
  const info = s?.ports[port];
  const fields = useMemo(() => (info ? curveFields(info.state) : null), [info]);
  const curves = useMemo(
    () => (run && fields ? portCurves(run.result.trace.state, run.result.trace.time, port, fields) : null),
    [run, fields, port],
  );
  if (!run || !s || !info || !fields || !curves) return null;
  const fsc = fields.clock !== null;
  const state = run.playback.stateAt(port, cursor);
  const backlogged = state[fields.flows] ?? [];
  const flow = chosen ?? backlogged[0] ?? curves.flows[0] ?? null;
  const name = (f: number) => s.flows[f]?.id ?? `flow ${f}`;
  const snaps = flow === null ? [] : upTo(curves.history.get(flow) ?? [], cursor);
  const vs = fields.now === null ? undefined : state[fields.now]?.[0];
  const now = fsc ? (backlogged.length > 0 && vs !== undefined ? vs : (snaps[snaps.length - 1]?.x ?? 0)) : t;
  const plot = snaps.length > 0 ? curvePlot(snaps, now, !fsc) : null;
  const last = snaps[snaps.length - 1];
  const curveName = fsc ? 'virtual curve' : 'deadline curve';
  const spec = choices?.find((p) => p.link === link && p.node === owner)?.choices[0]?.scheduler;
  const router = nodes.find((n) => n.id === owner)?.kind === 'router' ? owner : null;
  const onFirstPiece = last !== undefined && last.w < last.curve[3];
  return (
    <div className="curve-view" data-testid={`curve-view-${owner}-${far}`}>
      <h4>Service curves at this port</h4>
      <label className="field">
        <span className="field-label">flow</span>
        <select data-testid="curve-flow" value={flow ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
          {curves.flows.map((f) => <option key={f} value={f}>{name(f)}{backlogged.includes(f) ? ' (backlogged)' : ''}</option>)}
        </select>
      </label>
      {plot && last ? (
        <>
          <Plot p={plot} curveName={curveName} clockName={fsc ? 'virtual time (the curves\' own clock)' : 'time'} />
          <p className="curve-legend">
            <span><span className="key dashed" />service curve from its last backlog</span>
            <span><span className="key solid" />{curveName}</span>
            <span><span className="key received" />service received (bytes)</span>
            <span><span className="key now" />{fsc ? 'v^s' : 'now'}</span>
          </p>
          <p className="muted" data-testid="curve-summary">
            {name(flow as number)}: served {formatValue(last.w, 'bytes', 0)}
            {fsc ? `, virtual time ${formatValue(last.x, 'ns', 0)}` : ''};{' '}
            {backlogged.includes(flow as number)
              ? (onFirstPiece ? `in its burst, on the ${curveName}'s first piece (m1) up to ${formatValue(last.curve[3], 'bytes', 0)}` : `past its knee, on m2 = ${formatValue(last.curve[4], 'bps', 0)}`)
              : 'idle at the playhead (its last curves shown)'}.
          </p>
        </>
      ) : (
        <p className="muted">{flow === null ? 'No queue has formed here yet.' : `${name(flow)} has not queued here yet.`}</p>
      )}
      {info.scheduler === 'fsc' && spec?.name === 'fsc' && <FscVsPfq spec={spec} router={router} />}
    </div>
  );
}
