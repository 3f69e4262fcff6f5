import { useAppState } from '../app/context';
import { DROP_REASONS, EVENT_KINDS, EventKind, MARK_REASONS, type RunSummary } from '../sim/types';
import { atStage, stageName } from '../sim/packetPath';
import type { TraceEvent } from '../sim/playback';
import { formatClock, formatDuration } from '../view/format';
import { portLabel } from '../view/labels';

function describe(e: TraceEvent, s: RunSummary): string {
  const flow = s.flows[e.flow]?.id ?? `flow ${e.flow}`;
  const at = e.kind === EventKind.Arrive || e.kind === EventKind.Deliver
    ? `at ${s.nodes[e.loc]?.id ?? e.loc}`
    : atStage(e.kind) ? `at ${stageName(s, e.loc)}` : `at ${portLabel(s, e.loc)}`;
  let detail = '';
  if (e.kind === EventKind.Enqueue) detail = `key ${e.value}`;
  else if (e.kind === EventKind.Dequeue) detail = `waited ${formatDuration(e.value)}`;
  else if (e.kind === EventKind.StageStart) detail = `waited ${formatDuration(e.value)}`;
  else if (e.kind === EventKind.StageDone) detail = `processed in ${formatDuration(e.value)}`;
  else if (e.kind === EventKind.Drop || e.kind === EventKind.StageDrop) detail = DROP_REASONS[e.value % 256] ?? `reason ${e.value % 256}`;
  else if (e.kind === EventKind.Deliver) detail = `delay ${formatDuration(e.value)}`;
  else if (e.kind === EventKind.Mark) detail = MARK_REASONS[e.value] ?? `reason ${e.value}`;
  const name = EVENT_KINDS[e.kind] ?? `kind ${e.kind}`;
  return `#${e.index} ${formatClock(e.time, s.end_ns)} ${name} packet ${e.packet} (${flow}) ${at}${detail ? `, ${detail}` : ''}`;
}

/** The last applied trace event, so stepping shows what just happened. */
export function LastEvent() {
  const text = useAppState((s) => {
    if (!s.run || s.playing) return null;
    const e = s.run.playback.event(s.position.cursor - 1);
    return e ? describe(e, s.run.result.summary) : 'before the first event';
  });
  if (text === null) return null;
  return (
    <div className="last-event" data-testid="last-event">
      {text}
    </div>
  );
}
