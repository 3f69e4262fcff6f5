// Flashes where a queue decided against a packet, beside the port's queue, fading over the flash
// window: a drop shows the packet with a cross (buffer full, pushed out) or, when an active queue
// manager dropped it (CoDel, RED), a slash in a dashed ring; an ECN mark shows a "CE" tag in a
// blue ring. Each says its reason unless the drawing is dense. The core names the reasons.
import type { PlaybackFrame, RecentMark } from '../sim/playback';
import { DROP_REASON_LABELS, DROP_REASONS, MARK_REASON_LABELS, MARK_REASONS } from '../sim/types';
import type { Point } from './layout';
import { DROP_COLOUR, MARK_COLOUR, flowColour } from './palette';

/** What a flash showed: the packet, its port and its reason in words. */
export interface Flashed {
  readonly packet: number;
  readonly port: number;
  readonly reason: string;
}

/** Where a port's flashes go (beside its queue), or null for a port not drawn. */
export type FlashSpot = (port: number) => Point | null;

/** The flashed packet at (x, y): a square in its flow's colour, fading with the flash's age. */
function drawPacket(ctx: CanvasRenderingContext2D, e: RecentMark, x: number, y: number): void {
  ctx.globalAlpha = 1 - 0.8 * e.age;
  ctx.fillStyle = flowColour(e.flow);
  ctx.fillRect(x - 5, y - 5, 10, 10);
}

/** Drop flashes; `hit` records each packet's box for hover. */
export function drawDrops(
  ctx: CanvasRenderingContext2D, frame: PlaybackFrame, spot: FlashSpot, dense: boolean,
  hit: (box: { x: number; y: number; w: number; h: number; packet: number }) => void,
): Flashed[] {
  const out: Flashed[] = [];
  ctx.font = '600 11px system-ui, sans-serif';
  ctx.textAlign = 'left';
  for (const d of frame.drops) {
    const at = spot(d.port);
    if (!at) continue;
    const name = DROP_REASONS[d.reason];
    const reason = name ? DROP_REASON_LABELS[name] : `reason ${d.reason}`;
    out.push({ packet: d.packet, port: d.port, reason });
    const { x, y } = at;
    const aqm = name === 'aqm' || name === 'edge_aqm';
    drawPacket(ctx, d, x, y);
    ctx.strokeStyle = DROP_COLOUR;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(x - 7, y + 7);
    ctx.lineTo(x + 7, y - 7);
    if (!aqm) {
      ctx.moveTo(x - 7, y - 7);
      ctx.lineTo(x + 7, y + 7);
    }
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.setLineDash(aqm ? [3, 3] : []);
    ctx.beginPath();
    // Dense drawings (a fat tree): a smaller ring, so neighbouring ports' flashes stay apart.
    ctx.arc(x, y, dense ? 7 + 4 * d.age : 9 + 12 * d.age, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
    if (!dense) {
      ctx.fillStyle = DROP_COLOUR;
      ctx.fillText(`drop: ${reason}`, x + 14, y + 4);
    }
    hit({ x: x - 7, y: y - 7, w: 14, h: 14, packet: d.packet });
  }
  ctx.globalAlpha = 1;
  return out;
}

/** ECN mark flashes, just above the drop flashes. */
export function drawEcnMarks(ctx: CanvasRenderingContext2D, frame: PlaybackFrame, spot: FlashSpot, dense: boolean): Flashed[] {
  const out: Flashed[] = [];
  for (const m of frame.marks) {
    const at = spot(m.port);
    if (!at) continue;
    const name = MARK_REASONS[m.reason];
    const reason = name ? MARK_REASON_LABELS[name] : `ECN mark, reason ${m.reason}`;
    out.push({ packet: m.packet, port: m.port, reason });
    const x = at.x;
    const y = at.y - 24;
    drawPacket(ctx, m, x, y);
    ctx.strokeStyle = MARK_COLOUR;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, 9 + 10 * m.age, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = MARK_COLOUR;
    ctx.font = '700 9px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText('CE', x, y - 11 - 10 * m.age);
    if (!dense) {
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.fillText(reason, x + 14, y + 4);
    }
  }
  ctx.globalAlpha = 1;
  ctx.textAlign = 'left';
  return out;
}
