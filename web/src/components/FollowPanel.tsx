import { useMemo } from 'react';
import { useAppState, useController, usePanelPosition } from '../app/context';
import { packetStory, type Hop } from '../sim/packetPath';
import { followPacket, jumpToEvent } from '../store/appState';
import { compactNumber, formatDuration, formatMs } from '../view/format';
import { flowColour } from '../view/palette';
import { formatSigned } from '../view/values';

function detail(h: Hop): string {
  switch (h.what) {
    case 'arrive': return `${h.value} B`;
    case 'enqueue': return `ordering key ${compactNumber(h.value)} (${h.value.toLocaleString('en')})`;
    case 'dequeue': return `waited ${formatDuration(h.value)}${h.slack
      ? `; slack left ${formatSigned(h.slack.current)} of ${formatDuration(h.slack.initial)} given at the ingress` : ''}`;
    case 'depart': return `reaches the next node at ${formatMs(h.value)}`;
    case 'drop': return h.reason ?? 'dropped';
    case 'deliver': return `end-to-end delay ${formatDuration(h.value)}`;
    case 'preempt': return `preempted after ${formatDuration(h.value)} of service`;
    case 'mark': return h.reason ?? 'ECN marked';
    case 'stage_enqueue': return `queued for the CPU; ordering key ${compactNumber(h.value)}`;
    case 'stage_start': return `processing starts after a wait of ${formatDuration(h.value)}`;
    case 'stage_done': return `processed in ${formatDuration(h.value)}; on to the link`;
    case 'stage_drop': return h.reason ?? 'dropped at the CPU';
  }
}

/** The followed packet, hop by hop from the trace; each hop moves the playhead there. */
export function FollowPanel() {
  const { store } = useController();
  const run = useAppState((s) => s.run);
  const packet = useAppState((s) => s.followed);
  const cursor = usePanelPosition().cursor;
  const story = useMemo(() => (run && packet !== null
    ? packetStory(run.result.trace, run.result.summary, packet, (i) => run.playback.event(i))
    : null), [run, packet]);
  if (!run || !story) {
    return <p className="muted" data-testid="follow-empty">Click a packet (on a link or in a queue) to follow it hop by hop.</p>;
  }
  const s = run.result.summary;
  const flow = s.flows[story.flow];
  return (
    <div className="follow" data-testid="follow-panel">
      <h3>
        Packet <code data-testid="follow-packet">{story.packet}</code>
        <button type="button" className="icon" aria-label="Stop following" onClick={() => store.dispatch(followPacket(null))}>×</button>
      </h3>
      <dl className="header-fields">
        <div><dt>flow</dt><dd><span className="swatch" style={{ background: flowColour(story.flow) }} />{flow?.id ?? story.flow}</dd></div>
        <div><dt>size</dt><dd>{story.size === null ? '?' : `${story.size} B`}</dd></div>
        <div><dt>created</dt><dd>{story.created === null ? 'before the trace' : formatMs(story.created)}</dd></div>
        <div><dt>route</dt><dd>{flow ? `${s.nodes[flow.src]?.id ?? ''} → ${s.nodes[flow.dst]?.id ?? ''}` : ''}</dd></div>
      </dl>
      <ol className="hops" data-testid="hops">
        {story.hops.map((h) => (
          <li key={h.index} className={`${h.index < cursor ? 'past' : ''} hop-${h.what}`}>
            <button type="button" onClick={() => store.dispatch(jumpToEvent(h.index))} title="Move the playhead here">
              <span className="hop-time">{formatMs(h.time)}</span>
              <span className="hop-what">{h.what}</span>
              <span className="hop-where">{h.where}</span>
              <span className="hop-detail">{detail(h)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

