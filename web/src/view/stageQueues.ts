// Where a middlebox's CPU queue is drawn: a column of packets under the middlebox's square,
// in the service order its scheduler gives (the core publishes it as order rows of view id
// ports + stage id, after the ports' ids; wasm-core/wasm/README.md). The packet layer draws
// it like a port's queue (head at the bottom, "N queued" above); this only says where: below
// the square and the line under it (its CPU scheduler), so the count covers neither.
import type { PortSummary, RunSummary } from '../sim/types';
import type { Point } from './layout';
import type { PortGeometry } from './packetLayer';

/** Rows of the column (longer queues wrap into columns to the right, up to three). */
const ROWS = 6;
/** A row's height at scale 1 with keys (the packet layer's cell, 15 px, and its gap). */
const ROW_PX = 17;

/** Where a middlebox's node ends below its centre, px: its square's half-side, or the line under it. */
export interface StageRoom {
  /** The square's half-side. */
  readonly half: number;
  /** The lowest pixel of the line under the node (its CPU scheduler), 0 when none is drawn. */
  readonly label: number;
  /** The queue count's font size (drawn 5 px above the column). */
  readonly count: number;
  /** The drawing scale (the cells' size factor). */
  readonly scale: number;
}

/**
 * `ports` (one geometry per port, by port index) followed by one per stage at index
 * ports + stage id: the column's bottom-left corner under the node at `at(node id)`, left-aligned
 * with its square, its top low enough that its count ("N queued", `room.count` px, 5 px above
 * the column) starts 4 px under the square and the line under it.
 */
export function withStageQueues(
  ports: readonly (PortGeometry | null)[], summary: RunSummary, at: (node: string) => Point | undefined, room: StageRoom,
): (PortGeometry | null)[] {
  const out = [...ports];
  const top = Math.max(room.half, room.label) + 4 + room.count + 5;
  for (const st of summary.stages ?? []) {
    const p = at(summary.nodes[st.node]?.id ?? '');
    const index = stageView(summary, st.id);
    while (out.length <= index) out.push(null);
    if (!p) continue;
    const corner = { x: p.x - room.half, y: p.y + top + ROWS * ROW_PX * room.scale };
    out[index] = { start: corner, end: corner, normal: { x: 0, y: 1 }, queueBase: corner, queueSpots: [{ base: corner, rows: ROWS }] };
  }
  return out;
}

/** The view id of stage `stage`'s queue: after the ports' ids. */
export function stageView(summary: RunSummary, stage: number): number {
  return summary.ports.length + stage;
}

/**
 * What the values shown in view `index`'s queue mean: a port's key, or, past the ports, the
 * key its stage declares (its scheduler's: DRFQ's finish tag, the trade-off's dominant time).
 */
export function viewKey(summary: RunSummary, index: number): PortSummary['key'] | undefined {
  const port = summary.ports[index];
  if (port) return port.key;
  return summary.stages?.find((st) => stageView(summary, st.id) === index)?.key;
}
