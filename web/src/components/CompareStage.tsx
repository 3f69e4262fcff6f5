import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppState } from '../app/context';
import { viewProbe } from '../app/probes';
import type { ComparedRun, LoadedComparison } from '../store/appState';
import type { Zoom } from '../view/layout';
import { formatMs } from '../view/format';
import { displayName } from '../scenario/registry';
import { runMatches, runScene } from '../view/scene';
import { TopologyView } from '../view/topologyView';
import { DROP_FLASH_SECONDS } from './TopologyPanel';
import { noop, useTopologyView } from './useTopologyView';

interface PanelProps {
  readonly comparison: LoadedComparison;
  readonly entry: ComparedRun;
  readonly index: number;
  /** Registers the panel's view, so a zoom in one is applied to all. */
  readonly register: (index: number, view: TopologyView | null) => void;
  readonly onZoom: (from: number, z: Zoom) => void;
}

/** One run of the comparison, drawn at the shared playhead with its own queues. */
function ComparePanel({ comparison, entry, index, register, onZoom }: PanelProps) {
  const make = useCallback((el: HTMLElement) => new TopologyView(el, { select: noop, addNode: noop, moveNode: noop, connect: noop, follow: noop }, {
    readOnly: true, testId: `compare-topology-${index}`, onZoom: (z) => onZoom(index, z),
  }), [index, onZoom]);
  const attach = useCallback((v: TopologyView | null) => {
    viewProbe.compareDrawn[index] = v ? () => v.drawn : () => null;
    register(index, v);
  }, [index, register]);
  const view = useRef<TopologyView | null>(null);
  const ref = useTopologyView(view, make, attach);
  const t = useAppState((s) => s.position.t);
  const speed = useAppState((s) => s.speed);
  const { run } = entry;
  const summary = run.result.summary;
  const registry = useAppState((s) => s.schedulers);
  const scene = useMemo(() => runScene(comparison.draft, summary, (id) => displayName(registry, id)), [comparison.draft, summary, registry]);
  const matches = useMemo(() => runMatches(summary, comparison.draft), [summary, comparison.draft]);

  useEffect(() => view.current?.setScene(scene), [scene]);
  useEffect(() => view.current?.setRun(matches ? summary : null), [summary, matches]);
  useEffect(() => {
    if (!matches) return view.current?.render(null, null);
    const pb = run.playback;
    view.current?.render(pb.frame(pb.seek(Math.min(t, run.endNs)), DROP_FLASH_SECONDS * comparison.baseRate * speed), null);
  }, [run, matches, t, speed, comparison.baseRate]);

  const past = summary.trace_truncated && t > run.endNs;
  return (
    <div className="topology-wrap compare-panel" data-testid={`compare-panel-${index}`}>
      <p className="view-title compare-title" data-testid={`compare-title-${index}`} style={{ borderColor: entry.colour }}>
        <span className="swatch" style={{ background: entry.colour }} />{entry.label}
      </p>
      <div className="topology" ref={ref} />
      {past && (
        <p className="stale-note" data-testid={`compare-trace-end-${index}`}>
          Its stored trace ends at {formatMs(run.endNs, 1)}; the charts cover the whole run.
        </p>
      )}
    </div>
  );
}

/** The comparison's runs side by side, in step on one timeline; zooming one zooms all. */
export function CompareStage({ comparison }: { readonly comparison: LoadedComparison }) {
  const views = useRef<(TopologyView | null)[]>([]);
  const register = useCallback((i: number, v: TopologyView | null) => {
    views.current[i] = v;
    const other = views.current.find((x, j) => x && j !== i);
    if (v && other) v.setZoom(other.currentZoom);
  }, []);
  const onZoom = useCallback((from: number, z: Zoom) => {
    views.current.forEach((v, i) => {
      if (v && i !== from) v.setZoom(z);
    });
  }, []);
  const n = comparison.runs.length;
  return (
    <div className={`views compare-views n${n}`} data-testid="compare-view">
      {comparison.runs.map((entry, i) => (
        <ComparePanel key={`${i}:${entry.label}`} comparison={comparison} entry={entry} index={i} register={register} onZoom={onZoom} />
      ))}
    </div>
  );
}
