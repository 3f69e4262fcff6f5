// Port drawers of the one-queue family: FIFO's ECN marking threshold. In the page's main chunk
// (most ports are FIFOs); the other families load on demand (families.ts).
import type { Drawers } from './state';
import { COLUMNS, stateFont } from './text';

export const SINGLE_DRAWERS: Drawers = {
  /**
   * FIFO: a dashed line at its ECN marking threshold K (in packets), above the K-th cell (cells
   * fill a column bottom up, then the next): ECN-capable arrivals above it are marked.
   */
  fifo: (ctx, c, state) => {
    const k = state.first('ecn threshold');
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
    ctx.font = stateFont(c.text, 600, 9);
    ctx.textAlign = 'left';
    ctx.fillText(`K=${k}`, x + c.cellW + 6, y + 3);
    ctx.restore();
  },
};
