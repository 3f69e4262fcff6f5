import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppState, useController } from '../app/context';
import { viewProbe } from '../app/probes';
import { originalSchedulers } from '../sim/replayNames';
import { addLink, addNode, moveNode, nextNodeId } from '../scenario/commands';
import { displayName } from '../scenario/registry';
import type { MiddleboxSpec } from '../scenario/types';
import { scenarioText } from '../scenario/restore';
import { followPacket } from '../store/appState';
import { edit, select, setTool } from '../store/editorActions';
import { groupColours, groupFlows } from '../view/flowGroups';
import { buildScene, runMatches } from '../view/scene';
import { GuideCallout, useGuideFocus } from './GuideCallout';
import { StageSummary } from './StageSummary';
import { TopologyView } from '../view/topologyView';
import { useLessonZoom, useTopologyView } from './useTopologyView';

/** How long a drop (or a packet going wrong in the replay) flashes, in wall-clock seconds. */
export const DROP_FLASH_SECONDS = 0.6;

/** The tests' probe reads what the editor's view drew. */
const attach = (v: TopologyView | null) => {
  viewProbe.drawn = v ? () => v.drawn : () => null;
};

export function TopologyPanel() {
  const { store } = useController();
  const make = useCallback((el: HTMLElement) => {
    const d = store.dispatch;
    return new TopologyView(el, {
      select: (sel) => d(select(sel)),
      addNode: (tool, pos) => {
        const kind = tool === 'host' ? 'host' : 'router';
        const add = (middlebox?: MiddleboxSpec) => {
          const id = nextNodeId(store.getState().history.present, kind, middlebox !== undefined);
          d(edit((s) => addNode(s, { kind, pos, id, middlebox }), { kind: 'node', id }));
          d(setTool('select'));
        };
        // A middlebox's default spec (scenario/middlebox.ts) loads with the first one placed.
        if (tool === 'middlebox') void import('../scenario/middlebox').then((m) => add(m.DEFAULT_MIDDLEBOX));
        else add();
      },
      moveNode: (id, pos, fill) => d(edit((s) => moveNode(s, { id, pos, fill }))),
      connect: (from, to) => {
        const links = store.getState().history.present.topology.links.length;
        d(edit((s) => addLink(s, { from, to }), { kind: 'link', index: links }));
        d(setTool('select'));
      },
      follow: (packet) => d(followPacket(packet)),
    });
  }, [store]);
  const view = useRef<TopologyView | null>(null);
  const ref = useTopologyView(view, make, attach);
  const draft = useAppState((s) => s.history.present);
  const selection = useAppState((s) => s.selection);
  const tool = useAppState((s) => s.tool);
  const run = useAppState((s) => s.run);
  const position = useAppState((s) => s.position);
  const speed = useAppState((s) => s.speed);
  const followed = useAppState((s) => s.followed);
  const replay = useAppState((s) => s.replay);
  const ports = useAppState((s) => s.portChoices);
  const registry = useAppState((s) => s.schedulers);
  const scene = useMemo(() => buildScene(draft, ports, (id) => displayName(registry, id)), [draft, ports, registry]);
  const matches = useMemo(() => (run ? runMatches(run.result.summary, draft) : false), [run, draft]);
  const edited = useMemo(() => run !== null && scenarioText(draft) !== run.scenarioText, [run, draft]);
  const focus = useGuideFocus('original');

  useEffect(() => view.current?.setScene(scene), [scene]);
  useEffect(() => view.current?.setEditorState(selection, tool), [selection, tool]);
  useEffect(() => view.current?.setRun(run && matches ? run.result.summary : null), [run, matches]);

  const frame = useMemo(
    () => (run && matches ? run.playback.frame(position, DROP_FLASH_SECONDS * run.baseRate * speed) : null),
    [run, matches, position, speed],
  );
  useEffect(() => {
    if (!run || !frame) return view.current?.render(null, null);
    // Beside a replay: the original's copy of each packet that has gone wrong in the replay is outlined.
    const outlined = replay ? { outlined: (p: number) => replay.overdue.originalOverdue(p, position.t) } : {};
    const marks = replay || focus ? { ...outlined, focus: focus?.packets } : undefined;
    view.current?.render(frame, followed, marks);
  }, [run, frame, position, followed, replay, focus]);
  useEffect(() => view.current?.setFocus(focus?.node ?? null), [focus]);
  useLessonZoom(view, make);
  const colourBy = useAppState((s) => s.colourBy);
  const colours = useMemo(() => {
    if (!run || colourBy === 'flow') return undefined;
    const summary = run.result.summary;
    return groupColours(groupFlows(summary, colourBy), summary.flows.length);
  }, [run, colourBy]);
  useEffect(() => view.current?.setColours(colours), [colours]);

  return (
    <div className="topology-wrap">
      {replay && run && (
        <p className="view-title" data-testid="original-title">Original ({originalSchedulers(run.result.summary, (id) => displayName(registry, id))})</p>
      )}
      <div className={`topology tool-${tool}`} ref={ref} />
      {run && frame && <StageSummary run={run} flashSeconds={DROP_FLASH_SECONDS} />}
      <GuideCallout focus={focus} view="original" />
      {run && edited && (
        <p className="stale-note" data-testid="stale-note">
          {matches ? 'Edited since this run: press Run (R) to see the change.' : 'The network changed since the last run: press Run (R) to animate it.'}
        </p>
      )}
      {draft.topology.nodes.length === 0 && (
        <p className="empty-note">Empty network. Pick Host or Router in the toolbar, then click here to place nodes.</p>
      )}
    </div>
  );
}
