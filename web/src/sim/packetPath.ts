// A packet's life from the trace: every event of one packet, in order, described for people.
// Pure; the follow panel lists these and lets the playhead jump to each.
import type { TraceEvent } from './playback';
import { DROP_REASONS, EVENT_KINDS, EventKind, MARK_REASON_LABELS, MARK_REASONS, type EventKindName, type RunSummary, type TraceColumns } from './types';

export interface Hop {
  readonly index: number;
  readonly time: number;
  readonly what: EventKindName;
  /** Node id (arrive, deliver) or "node → next" (port events). */
  readonly where: string;
  /** Node index or port index, as in the trace. */
  readonly loc: number;
  /** Kind-specific detail: the key, the wait, the drop reason, the end-to-end delay, … */
  readonly value: number;
  /** Why it was dropped or marked. */
  readonly reason?: string;
  /** A transmission's slack (runs that initialise slack): left now, and given at the ingress. */
  readonly slack?: { readonly current: number; readonly initial: number };
}

/** Indices of the events of `packet`, in trace order. */
export function packetEventIndices(trace: TraceColumns, packet: number): number[] {
  const out: number[] = [];
  const p = trace.packet;
  for (let i = 0; i < p.length; i++) if (p[i] === packet) out.push(i);
  return out;
}

export function portName(s: RunSummary, port: number): string {
  const p = s.ports[port];
  if (!p) return `port ${port}`;
  return `${s.nodes[p.node]?.id ?? p.node} → ${s.nodes[p.to]?.id ?? p.to}`;
}

/** Whether events of this kind happen at a service stage (`loc` is a stage, not a port). */
export function atStage(kind: number): boolean {
  return kind === EventKind.StageEnqueue || kind === EventKind.StageStart || kind === EventKind.StageDone || kind === EventKind.StageDrop;
}

/** "mb CPU": a stage by its node and resource. */
export function stageName(s: RunSummary, stage: number): string {
  const st = s.stages?.find((x) => x.id === stage);
  return st ? `${s.nodes[st.node]?.id ?? st.node} ${st.resource.toUpperCase()}` : `stage ${stage}`;
}

/** Where an event happened: a node, a port or a stage. */
export function eventPlace(e: { kind: number; loc: number }, s: RunSummary): string {
  if (e.kind === EventKind.Arrive || e.kind === EventKind.Deliver) return s.nodes[e.loc]?.id ?? `node ${e.loc}`;
  return atStage(e.kind) ? stageName(s, e.loc) : portName(s, e.loc);
}

export function describeHop(e: TraceEvent, s: RunSummary): Hop {
  const what = EVENT_KINDS[e.kind] ?? 'arrive';
  const where = eventPlace(e, s);
  const hop = { index: e.index, time: e.time, what, where, loc: e.loc, value: e.value };
  if (e.kind === EventKind.Drop || e.kind === EventKind.StageDrop) {
    const reason = DROP_REASONS[e.value % 256] ?? `reason ${e.value % 256}`;
    return { ...hop, reason: `${reason}${Math.floor(e.value / 256) === 1 ? ' (pushed out of the queue)' : ' (refused on arrival)'}` };
  }
  if (e.kind === EventKind.Mark) {
    const reason = MARK_REASONS[e.value];
    return { ...hop, reason: reason ? MARK_REASON_LABELS[reason] : `ECN mark, reason ${e.value}` };
  }
  return hop;
}

/** What the follow panel shows about a packet: its flow, size, creation and hops. */
export interface PacketStory {
  readonly packet: number;
  readonly flow: number;
  readonly size: number | null;
  readonly created: number | null;
  readonly hops: readonly Hop[];
}

export function packetStory(trace: TraceColumns, s: RunSummary, packet: number, event: (i: number) => TraceEvent | null): PacketStory | null {
  const events = packetEventIndices(trace, packet).map(event).filter((e): e is TraceEvent => e !== null);
  const first = events[0];
  if (!first) return null;
  const arrive = events.find((e) => e.kind === EventKind.Arrive);
  return {
    packet,
    flow: first.flow,
    size: arrive ? arrive.value : null,
    created: arrive ? arrive.time : null,
    hops: events.map((e) => withSlack(trace, packet, describeHop(e, s))),
  };
}

/** A dequeue's slack record, if the run keeps them (it follows the dequeue event). */
function withSlack(trace: TraceColumns, packet: number, hop: Hop): Hop {
  if (hop.what !== 'dequeue') return hop;
  const sl = trace.slack;
  for (let i = 0; i < sl.at.length; i++) {
    if (sl.at[i] === hop.index + 1 && sl.packet[i] === packet) {
      return { ...hop, slack: { current: sl.current[i] as number, initial: sl.initial[i] as number } };
    }
  }
  return hop;
}
