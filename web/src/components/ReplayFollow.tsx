import { useAppState, usePanelPosition } from '../app/context';
import { portName } from '../sim/packetPath';
import { locatePacket } from '../sim/replay';
import { formatDuration, formatMs } from '../view/format';
import { formatValue, slackOf } from '../view/values';

/** Queued packets listed beside the followed one (the head of its queue first). */
const QUEUE_ROWS = 8;

/** The replay packet followed (clicked, or picked in the overdue list): where it is now and its slack. */
export function ReplayFollow() {
  const replay = useAppState((s) => s.replay);
  const packet = useAppState((s) => s.replayFollowed);
  const t = usePanelPosition().t;
  if (!replay || packet === null) {
    return <p className="muted hint-text">Click a packet in the replay view, or an overdue packet below, to follow it.</p>;
  }
  const pb = replay.run.playback;
  const pos = pb.seek(t);
  const place = locatePacket(pb.queuesAt(pos.cursor), pb.inFlightAt(pos.t, pos.cursor), packet);
  const s = replay.run.result.summary;
  const row = replay.overdue.row(packet);
  const original = replay.report.original_ids[packet];
  let where: string;
  if (place.where === 'queue') {
    const key = s.ports[place.port]?.key;
    where = `queued at ${portName(s, place.port)} (${place.place} of ${place.of})`
      + (key ? `, ${key.label} ${formatValue(place.entry.key, key.unit, t)}` : '');
  } else if (place.where === 'link') {
    where = `on the link ${portName(s, place.port)}`;
  } else {
    where = 'not in the network now';
  }
  const red = row !== undefined && row.at_ns <= t;
  const queue = place.where === 'queue' ? pb.queuesAt(pos.cursor)[place.port]?.head ?? [] : [];
  const key = place.where === 'queue' ? s.ports[place.port]?.key : undefined;
  // A window of the queue around the followed packet.
  const from = place.where === 'queue' ? Math.max(0, Math.min(place.place - 1 - 3, queue.length - QUEUE_ROWS)) : 0;
  return (
    <div className={`replay-follow${red ? ' is-overdue' : ''}`} data-testid="replay-follow">
      <strong>Replay packet {packet}</strong>{original !== undefined && <span className="muted"> (original {original})</span>}: {where}.
      {row && (
        <span data-testid="replay-follow-overdue">
          {' '}{red ? 'Overdue' : 'Will be overdue'}: its slack went negative at {portName(s, row.port)} ({formatMs(row.at_ns)})
          {typeof row.late_by_ns === 'number' ? `; it leaves ${formatDuration(row.late_by_ns)} late.` : '; the replay never delivered it.'}
        </span>
      )}
      {queue.length > 0 && key && (
        <table className="queue-slack" data-testid="queue-slack">
          <thead><tr><th>place</th><th>packet</th><th>{key.label}{key.unit === 'deadline' ? ' now' : ''}</th></tr></thead>
          <tbody>
            {queue.slice(from, from + QUEUE_ROWS).map((q, i) => {
              const slack = slackOf(q.key, key.unit, t);
              return (
                <tr key={q.packet} className={q.packet === packet ? 'me' : ''}>
                  <td>{from + i + 1}</td>
                  <td>{q.packet}{replay.overdue.isOverdue(q.packet, t) ? ' (overdue)' : ''}</td>
                  <td className={slack !== null && slack < 0 ? 'neg' : ''}>{formatValue(q.key, key.unit, t)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
