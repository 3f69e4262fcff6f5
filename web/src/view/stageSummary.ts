// The animation as text, for screen readers (WCAG 1.1.1: the canvas's text alternative): at
// the playhead, which ports have packets queued (longest first), how many packets are on the
// links, and the drops and marks flashing now.
import type { PlaybackFrame } from '../sim/playback';
import type { RunSummary } from '../sim/types';
import { formatDuration } from './format';

/** Ports named in full; the rest are counted. */
const LISTED_PORTS = 6;

export function stageSummary(summary: RunSummary, frame: PlaybackFrame): string {
  const name = (i: number) => summary.nodes[i]?.id ?? `node ${i}`;
  const queued = frame.queues
    .map((q, port) => ({ port, length: q.length }))
    .filter((q) => q.length > 0)
    .sort((a, b) => b.length - a.length || a.port - b.port);
  const total = queued.reduce((n, q) => n + q.length, 0);
  const parts: string[] = [`At ${formatDuration(frame.t)}:`];
  if (queued.length === 0) parts.push('no packet queued.');
  else {
    const listed = queued.slice(0, LISTED_PORTS).map((q) => {
      const p = summary.ports[q.port];
      return p ? `${name(p.node)} → ${name(p.to)} ${q.length}` : `port ${q.port} ${q.length}`;
    });
    const more = queued.length > LISTED_PORTS ? `, and ${queued.length - LISTED_PORTS} more ports` : '';
    parts.push(`${total} packet${total === 1 ? '' : 's'} queued at ${queued.length} port${queued.length === 1 ? '' : 's'} (${listed.join(', ')}${more}).`);
  }
  parts.push(`${frame.inFlight.length} on the links.`);
  if (frame.drops.length > 0) parts.push(`${frame.drops.length} dropped just now.`);
  if (frame.marks.length > 0) parts.push(`${frame.marks.length} ECN-marked just now.`);
  return parts.join(' ');
}
