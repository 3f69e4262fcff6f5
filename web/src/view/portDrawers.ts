// The hook for a scheduler family to draw its exported state at its ports, on the canvas, beside
// the generic state panel (components/PortState.tsx). A drawer reads the state the core
// recorded (one list of values per declared field, in the registry's order) and draws over the
// queue column; it computes nothing about scheduling. Keyed by registry name; the queue-management
// family's drawers are in aqmDrawers.ts, strict priority's and round robin's in classDrawers.ts,
// the timestamp family's in fairDrawers.ts, SCED's and FSC's in curveDrawers.ts, AIFO's and
// SP-PIFO's in programmableDrawers.ts; familyDrawers.ts gathers them into a chunk of its own,
// which the view loads with the first run that has a port of another family than FIFO (a drawer
// only draws a run's state; issue 20); FIFO's is here.

/** Where a port's queue column is drawn. */
export interface QueueColumn {
  /** Left edge and the bottom of the first cell. */
  readonly x: number;
  readonly baseY: number;
  /** The baseline of the "N queued" label over the column. */
  readonly topY: number;
  readonly cellW: number;
  readonly cellH: number;
  readonly gap: number;
  /** Cells per column. */
  readonly rows: number;
}

export type PortState = readonly (readonly number[] | null)[];
export type PortDrawer = (ctx: CanvasRenderingContext2D, column: QueueColumn, state: PortState) => void;

/** The columns a queue is drawn in (the page draws up to three). */
const COLUMNS = 3;

/**
 * FIFO: a dashed line at its ECN marking threshold K (in packets), above the K-th cell (cells
 * fill a column bottom up, then the next): ECN-capable arrivals above it are marked.
 */
const fifoThreshold: PortDrawer = (ctx, c, state) => {
  const k = state[0]?.[0];
  if (k === undefined || k < 1 || k > c.rows * COLUMNS) return;
  const col = Math.floor((k - 1) / c.rows);
  const x = c.x + col * (c.cellW + c.gap);
  const y = c.baseY - (((k - 1) % c.rows) + 1) * (c.cellH + c.gap) - c.gap / 2;
  ctx.save();
  ctx.strokeStyle = '#8a4baf';
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(x - 4, y);
  ctx.lineTo(x + c.cellW + 4, y);
  ctx.stroke();
  ctx.fillStyle = '#8a4baf';
  ctx.font = '600 9px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`K=${k}`, x + c.cellW + 6, y + 3);
  ctx.restore();
};

let families: Readonly<Record<string, PortDrawer>> = {};
let loading: Promise<void> | null = null;

/** The drawer of a scheduler's ports, if it has one (the families' once loadPortDrawers has resolved). */
export function portDrawer(scheduler: string): PortDrawer | undefined {
  return scheduler === 'fifo' ? fifoThreshold : families[scheduler];
}

/** Loads the families' drawers (once); resolves when portDrawer has them. */
export function loadPortDrawers(): Promise<void> {
  loading ??= import('./familyDrawers').then((m) => {
    families = m.FAMILY_DRAWERS;
  });
  return loading;
}
