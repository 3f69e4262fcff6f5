import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppState, useController } from '../app/context';
import { viewProbe } from '../app/probes';
import { replayLabel } from '../sim/replay';
import { followReplayPacket } from '../store/replayActions';
import { buildScene, runMatches } from '../view/scene';
import { TopologyView } from '../view/topologyView';
import { GuideCallout, useGuideFocus } from './GuideCallout';
import { DROP_FLASH_SECONDS } from './TopologyPanel';
import { noop, useLessonZoom, useTopologyView } from './useTopologyView';

/** Rings drawn at once (the most recent): at 70% load dozens of packets go wrong per flash. */
const MAX_RINGS = 6;

/** The tests' probe reads what the replay's view drew. */
const attach = (v: TopologyView | null) => {
  viewProbe.replayDrawn = v ? () => v.drawn : () => null;
};

/**
 * The replay, on the same drawing as the original, at the same simulated time: the shared
 * playhead's t is sought in the replay's own trace (all its events with time <= t applied).
 * Queued packets show their slack (LSTF, EDF) or priority; overdue packets are red from the
 * moment they went wrong, with a red ring at that port then.
 */
export function ReplayView() {
  const { store } = useController();
  const make = useCallback((el: HTMLElement) => new TopologyView(el, {
    select: noop, addNode: noop, moveNode: noop, connect: noop,
    follow: (packet) => store.dispatch(followReplayPacket(packet)),
  }, { readOnly: true, testId: 'replay-topology' }), [store]);
  const view = useRef<TopologyView | null>(null);
  const ref = useTopologyView(view, make, attach);
  useLessonZoom(view, make);
  const draft = useAppState((s) => s.history.present);
  const replay = useAppState((s) => s.replay);
  const modes = useAppState((s) => s.replayModes);
  const run = useAppState((s) => s.run);
  const t = useAppState((s) => s.position.t);
  const speed = useAppState((s) => s.speed);
  const followed = useAppState((s) => s.replayFollowed);
  const mode = replay?.mode ?? 'lstf';
  const focus = useGuideFocus('replay');
  const scene = useMemo(() => {
    const sc = buildScene(draft, null);
    return { ...sc, nodes: sc.nodes.map((n) => (n.kind === 'router' ? { ...n, scheduler: mode } : n)) };
  }, [draft, mode]);
  const summary = replay?.run.result.summary ?? null;
  const matches = useMemo(() => (summary ? runMatches(summary, draft) : false), [summary, draft]);

  useEffect(() => view.current?.setScene(scene), [scene]);
  useEffect(() => view.current?.setRun(summary && matches ? summary : null), [summary, matches]);

  useEffect(() => {
    if (!replay || !run || !matches) return view.current?.render(null, null);
    const pb = replay.run.playback;
    const flashNs = DROP_FLASH_SECONDS * run.baseRate * speed;
    const frame = pb.frame(pb.seek(t), flashNs);
    view.current?.render(frame, followed, {
      red: (p) => replay.overdue.isOverdue(p, t),
      rings: replay.overdue.flashesAt(t, flashNs, MAX_RINGS, followed),
      focus: focus?.packets,
    });
  }, [replay, run, matches, t, speed, followed, focus]);
  useEffect(() => view.current?.setFocus(focus?.node ?? null), [focus]);

  return (
    <div className="topology-wrap replay-wrap">
      <p className="view-title replay" data-testid="replay-title">Replay ({replay ? replayLabel(modes, replay) : ''})</p>
      <div className="topology" ref={ref} />
      <GuideCallout focus={focus} view="replay" />
    </div>
  );
}
