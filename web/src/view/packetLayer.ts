// Everything that moves, on a canvas: packets on links, each port's queue in service order
// (with the scheduler's key on each packet when there is room), drop and ECN-mark flashes with
// their reason (flashes.ts), and a ring around the followed packet. Records what it drew, for
// hit tests and for tests.
import type { PlaybackFrame, QueuedPacket } from '../sim/playback';
import { drawDrops, drawEcnMarks, type Flashed } from './flashes';
import type { Point } from './layout';
import type { ColumnSize } from './queuePlace';
import { arrangeColumns, arrangedBoxes, countPx, flashSpot, intersects, type Arranged, type Box, type ColumnRequest, type Spot } from './queueArrange';
import { portDrawer, type PortScheduler } from './portDrawers';
import { COLUMNS, drawLabel, stateFont } from './drawers/text';
import { arrangeLabels, labelAt, type LabelRequest, type PlacedLabel } from './stateArrange';
import { FOLLOW_COLOUR, OVERDUE_COLOUR, flowColour } from './palette';

export interface PortGeometry {
  /** Where packets leave and arrive (node edges). */
  readonly start: Point;
  readonly end: Point;
  /** Unit normal to the link (right-hand side of travel): packets ride slightly off the line. */
  readonly normal: Point;
  /** Bottom-left corner of the queue column (where it goes with nothing in the way). */
  readonly queueBase: Point;
  /**
   * Dense drawings: spots for the column clear of the nodes, best first, each with the rows it
   * has there (queuePlace.ts); columns take them against each other (queueArrange.ts).
   */
  readonly queueSpots?: readonly Spot[];
}

export interface DrawOptions {
  /** Write each queued packet's key in its cell (needs room: small drawings turn it off). */
  readonly keys: boolean;
  /** The text of a queued packet's cell: the value the core shows on it, in its port's unit. */
  readonly keyText: (q: QueuedPacket, port: number) => string;
  /** A port's scheduler (its name picks a family drawer) and whether it serves at random. */
  readonly portInfo: (port: number) => (PortScheduler & { readonly random: boolean }) | null;
  readonly followed: number | null;
  readonly packetRadius: number;
  /** Dense drawings (a fat tree) get smaller queue cells and shorter columns. */
  readonly dense: boolean;
  /** Size of queue cells, keys and labels, 1 = the base size (roomy drawings and presentation mode go above). */
  readonly scale: number;
  /** Size of queue counts and state lines (at least `scale`; presentation mode goes above). */
  readonly text: number;
  /** Replay marks (the replay view and its original); absent in the plain view. */
  readonly marks?: PacketMarks;
  /** Text drawn on the topology that queue counts must not cover (a dense drawing's router names, link labels), nor a roomy drawing's state labels. */
  readonly names?: readonly Box[];
  /** The nodes as drawn (portGeometry.ts `nodeBoxes`): columns, counts, state labels and flashes keep clear of them. */
  readonly nodes?: readonly Box[];
  /** A flow's colour (by flow, or by its group when flows are many); default: by flow. */
  readonly colourOf?: (flow: number) => string;
}

/** How the replay view marks packets. */
export interface PacketMarks {
  /** Packets drawn red: overdue, from the moment they went wrong. */
  readonly red?: (packet: number) => boolean;
  /** Packets outlined red (the original's copy of an overdue packet). */
  readonly outlined?: (packet: number) => boolean;
  /** Red rings at ports where a packet just went wrong (age 0 = now .. 1 = fading out). */
  readonly rings?: readonly { readonly packet: number; readonly port: number; readonly age: number }[];
  /** Packets a lesson step names: outlined in the mark's colour, with their names. */
  readonly focus?: ReadonlyMap<number, string>;
}

/** Above this many packets on links, they are drawn as squares. */
const SQUARES_ABOVE = 600;

/** What the last frame showed (the test handle and the benchmark read it). */
export interface DrawnFrame {
  readonly inFlight: number;
  /** Packets queued at the drawn ports (a long queue's column shows its head and a count). */
  readonly queued: number;
  /** Per port with a non-empty queue: packet ids in service order, the key text and cell centres. */
  readonly queues: readonly DrawnQueue[];
  readonly drops: readonly Flashed[];
  /** ECN marks flashing now. */
  readonly ecnMarks: readonly Flashed[];
  readonly followedAt: Point | null;
  /** Packets drawn red (overdue) and outlined, in queues and on links. */
  readonly red: readonly number[];
  readonly outlined: readonly number[];
  /** Ports ringed because a packet went wrong there just now. */
  readonly rings: readonly { packet: number; port: number }[];
  /** Packets a guide step names, with the names drawn beside them. */
  readonly focus: readonly { packet: number; label: string }[];
  /** Milliseconds this frame's canvas drawing took (JavaScript side). */
  readonly drawMs: number;
  /** The font size (px) of the ports' state lines drawn in this frame; 0: none drawn. */
  readonly stateText: number;
  /** The ports' state labels as placed (stateArrange.ts): box, the lines shown, the full text. */
  readonly stateLabels: readonly DrawnLabel[];
}

export interface DrawnLabel {
  readonly port: number;
  readonly box: Box;
  readonly lines: readonly string[];
  readonly full: readonly string[];
  readonly cut: boolean;
}

export interface DrawnQueue {
  readonly port: number;
  readonly packets: number[];
  readonly keys: string[];
  readonly at: Point[];
  /** The column's cells, and its count's text (null: left out, it would cover another column). */
  readonly box: Box;
  readonly count: Box | null;
}

const EMPTY: DrawnFrame = { inFlight: 0, queued: 0, queues: [], drops: [], ecnMarks: [], followedAt: null, red: [], outlined: [], rings: [], focus: [], drawMs: 0, stateText: 0, stateLabels: [] };

/** Queue cells' edge, and the corner that marks an overdue packet. */
const CELL_EDGE = 'rgba(27, 42, 58, 0.75)';
const OVERDUE_CORNER = '#3d000b';

/** The colour of a guide step's marks. */
export const GUIDE_COLOUR = '#b06a00';

/** Colour of a packet: red when overdue, else its flow's. */
const fillOf = (packet: number, flow: number, opts: DrawOptions): string =>
  (opts.marks?.red?.(packet) ? OVERDUE_COLOUR : (opts.colourOf ?? flowColour)(flow));

interface Hit { x: number; y: number; w: number; h: number; packet: number }
/** Packets the marks singled out in this frame. */
interface Marked { red: number[]; outlined: number[]; boxes: (Box & { red: boolean })[]; focus: (Box & { packet: number; label: string })[] }

/** Where the followed packet was drawn: a dot on a link, or a cell in a queue. */
interface Followed { p: Point | null; box: { x: number; y: number; w: number; h: number } | null }

export class PacketLayer {
  private readonly ctx: CanvasRenderingContext2D | null;
  private hits: Hit[] = [];
  private labels: readonly PlacedLabel[] = [];
  /** Measured text widths, by font size and text (the counts repeat from frame to frame). */
  private readonly widths = new Map<string, number>();
  private width = 0;
  private height = 0;
  drawn: DrawnFrame = EMPTY;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d');
  }

  resize(w: number, h: number): void {
    this.width = w;
    this.height = h;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  private textWidth(ctx: CanvasRenderingContext2D, text: string, size: number): number {
    const key = `${size}:${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      if (this.widths.size > 4096) this.widths.clear();
      w = ctx.measureText(text).width;
      this.widths.set(key, w);
    }
    return w;
  }

  /** The packet drawn at (x, y), or null. */
  hit(x: number, y: number): number | null {
    for (let i = this.hits.length - 1; i >= 0; i--) {
      const h = this.hits[i] as Hit;
      if (x >= h.x - 3 && x <= h.x + h.w + 3 && y >= h.y - 3 && y <= h.y + h.h + 3) return h.packet;
    }
    return null;
  }

  /** The full text of the state label drawn at (x, y) (lines joined by newlines), or null. */
  labelAt(x: number, y: number): string | null {
    return labelAt(this.labels, x, y);
  }

  draw(frame: PlaybackFrame | null, ports: readonly (PortGeometry | null)[], opts: DrawOptions): void {
    const started = performance.now();
    const ctx = this.ctx;
    this.hits = [];
    this.labels = [];
    this.drawn = EMPTY;
    if (!ctx) return;
    ctx.clearRect(0, 0, this.width, this.height);
    if (!frame) return;
    const followedAt: Followed = { p: null, box: null };
    const marked: Marked = { red: [], outlined: [], boxes: [], focus: [] };
    const { arranged, queues, stateText, labels } = this.drawQueues(ctx, frame, ports, opts, followedAt, marked);
    const inFlight = this.drawPackets(ctx, frame, ports, opts, followedAt, marked);
    // Flashes go just right of the port's queue cells; in a dense drawing, where they cover
    // no column or count (left of it, or above it), if there is such a place.
    const half = cellSize(opts).cellW / 2;
    const byPort = new Map(arranged.map((a) => [a.port, a]));
    const boxes = opts.dense ? [...arrangedBoxes(arranged), ...labels.map((l) => l.box)] : [];
    // One spot per port (its flashes overlay each other), clear of the ports' before it.
    const spots = new Map<number, Point | null>();
    const spot = (port: number) => {
      const known = spots.get(port);
      if (known !== undefined) return known;
      const geo = ports[port];
      const a = byPort.get(port);
      let at: Point | null = null;
      if (geo && opts.dense) {
        at = flashSpot(a, a?.base ?? geo.queueBase, DENSE_FLASH_R, boxes);
        boxes.push({ x: at.x - DENSE_FLASH_R, y: at.y - DENSE_FLASH_R, w: 2 * DENSE_FLASH_R, h: 2 * DENSE_FLASH_R });
      } else if (geo) {
        // Right of the cells; where that covers a node, the first spot beside the column that does not.
        const right = { x: (a ? a.box.x + a.box.w : geo.queueBase.x + 2 * half) + 16, y: geo.queueBase.y - 10 };
        const r = ROOMY_FLASH_R;
        const nodes = opts.nodes ?? [];
        const covers = nodes.some((n) => intersects({ x: right.x - r, y: right.y - r, w: 2 * r, h: 2 * r }, n));
        at = covers ? flashSpot(a, a?.base ?? geo.queueBase, r, [...arrangedBoxes(arranged), ...nodes]) : right;
      }
      spots.set(port, at);
      return at;
    };
    const drops = drawDrops(ctx, frame, spot, opts.dense, (box) => this.hits.push(box));
    const ecnMarks = drawEcnMarks(ctx, frame, spot, opts.dense);
    const rings = this.drawMarks(ctx, ports, opts, marked);
    for (const [colour, width] of [['#fff', 6], [FOLLOW_COLOUR, 2.5]] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.beginPath();
      if (followedAt.p) ctx.arc(followedAt.p.x, followedAt.p.y, opts.packetRadius + 6, 0, Math.PI * 2);
      else if (followedAt.box) ctx.rect(followedAt.box.x - 3, followedAt.box.y - 3, followedAt.box.w + 6, followedAt.box.h + 6);
      ctx.stroke();
    }
    const box = followedAt.box;
    const at = followedAt.p ?? (box ? { x: box.x + box.w / 2, y: box.y + box.h / 2 } : null);
    let queued = 0;
    frame.queues.forEach((q, port) => {
      if (ports[port]) queued += q.length;
    });
    this.drawn = {
      inFlight, queued, queues, drops, ecnMarks, followedAt: at, red: marked.red, outlined: marked.outlined, rings,
      focus: marked.focus.map((f) => ({ packet: f.packet, label: f.label })), drawMs: performance.now() - started, stateText,
      stateLabels: labels.map((l) => ({
        port: l.port, box: l.box, full: l.full, cut: l.cut, lines: l.rows.flatMap((r) => (r.kind === 'line' ? [r.text] : [])),
      })),
    };
    this.labels = labels;
  }

  private drawQueues(
    ctx: CanvasRenderingContext2D, frame: PlaybackFrame, ports: readonly (PortGeometry | null)[],
    opts: DrawOptions, followed: Followed, marked: Marked,
  ): { arranged: Arranged[]; queues: DrawnQueue[]; stateText: number; labels: PlacedLabel[] } {
    const marks = opts.marks;
    const { cellW, cellH, gap } = cellSize(opts);
    const k = opts.dense ? 1 : opts.scale;
    const maxRows = opts.dense ? DENSE_ROWS : 24;
    const cells: { x: number; y: number; q: QueuedPacket; key: string }[] = [];
    /** Family drawers, run over the cells once they are drawn. */
    const decorations: (() => void)[] = [];
    /** The ports' state labels as their drawers write them, placed once all are written. */
    const labels: (LabelRequest & { queued: number })[] = [];
    // A spot's rows: its room under nodes, and under the top of the canvas.
    const rowsAt = (s: Spot) => {
      const cap = Math.min(maxRows, s.rows);
      return Math.max(Math.min(4, cap), Math.min(cap, Math.floor((s.base.y - 24) / (cellH + gap))));
    };
    const requests: ColumnRequest[] = [];
    frame.queues.forEach((queue, port) => {
      const geo = ports[port];
      if (!geo || queue.length === 0) return;
      const random = opts.portInfo(port)?.random ? ', random order' : '';
      requests.push({
        port,
        spots: (geo.queueSpots ?? [{ base: geo.queueBase, rows: maxRows }]).map((sp) => ({ base: sp.base, rows: rowsAt(sp) })),
        cells: queue.head.length,
        counts: (shown) => (opts.dense ? [`${queue.length}`] : [`${queue.length} queued${queue.length > shown ? ` (+${queue.length - shown})` : ''}${random}`, `${queue.length}`]),
      });
    });
    const t = opts.dense ? 1 : Math.max(k, opts.text);
    const size = countPx(opts.dense, k, opts.text);
    ctx.font = `600 ${size}px system-ui, sans-serif`;
    const arranged = arrangeColumns(requests, {
      cellW, cellH, gap, columns: 3, movable: opts.dense, font: size, width: (text) => this.textWidth(ctx, text, size), labels: opts.names,
      ...(opts.nodes ? { nodes: opts.nodes } : {}), stage: { w: this.width, h: this.height },
    });
    const drawnQueues: DrawnQueue[] = [];
    for (const a of arranged) {
      const queue = frame.queues[a.port];
      if (!queue) continue;
      const { base, rows, shown } = a;
      const info = opts.portInfo(a.port);
      const drawer = info ? portDrawer(info) : undefined;
      const state = frame.states[a.port];
      const topY = a.box.y - 5;
      if (drawer && state && state.length > 0) {
        const column = { x: base.x, baseY: base.y, topY, cellW, cellH, gap, rows, text: t, label: [] };
        const area = { x: base.x, y: base.y - rows * (cellH + gap), w: COLUMNS * (cellW + gap) - gap, h: rows * (cellH + gap) };
        const anchor = { x: a.box.x + a.box.w / 2, y: a.box.y };
        labels.push({ port: a.port, column: area, anchor, items: column.label, queued: queue.length });
        decorations.push(() => drawer(ctx, column, state));
      }
      const entry: DrawnQueue = { port: a.port, packets: [], keys: [], at: [], box: a.box, count: a.count?.box ?? null };
      for (let i = 0; i < shown; i++) {
        const q = queue.head[i] as QueuedPacket;
        const x = base.x + Math.floor(i / rows) * (cellW + gap);
        const y = base.y - ((i % rows) + 1) * (cellH + gap);
        const key = opts.keyText(q, a.port);
        cells.push({ x, y, q, key });
        this.mark(q.packet, marks, marked, { x, y, w: cellW, h: cellH });
        entry.packets.push(q.packet);
        entry.keys.push(key);
        entry.at.push({ x: x + cellW / 2, y: y + cellH / 2 });
        this.hits.push({ x, y, w: cellW, h: cellH, packet: q.packet });
        if (q.packet === opts.followed) followed.box = { x, y, w: cellW, h: cellH };
      }
      drawnQueues.push(entry);
    }
    // Queue lengths above their columns, none over another column or count (queueArrange.ts),
    // so none reads "1382".
    ctx.fillStyle = '#33414f';
    ctx.textAlign = 'left';
    for (const a of arranged) if (a.count) ctx.fillText(a.count.text, a.count.x, a.count.y);
    const byColour = new Map<string, typeof cells>();
    for (const c of cells) {
      const colour = fillOf(c.q.packet, c.q.flow, opts);
      const list = byColour.get(colour) ?? [];
      list.push(c);
      byColour.set(colour, list);
    }
    for (const [colour, list] of byColour) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const c of list) ctx.rect(c.x, c.y, cellW, cellH);
      ctx.fill();
    }
    if (!opts.dense && cells.length > 0) {
      // A dark edge: light flow colours (yellow, sky blue) still stand out 3:1 from the background.
      ctx.strokeStyle = CELL_EDGE;
      ctx.lineWidth = 0.75;
      ctx.beginPath();
      for (const c of cells) ctx.rect(c.x + 0.5, c.y + 0.5, cellW - 1, cellH - 1);
      ctx.stroke();
    }
    if (opts.keys) {
      ctx.font = `600 ${Math.round(10 * k)}px ui-monospace, monospace`;
      ctx.textAlign = 'center';
      for (const c of cells) {
        ctx.fillStyle = textOn(fillOf(c.q.packet, c.q.flow, opts));
        ctx.fillText(c.key, c.x + cellW / 2, c.y + cellH - 4 * k);
      }
    }
    for (const draw of decorations) draw();
    // The longest queues' labels first: they get the room beside their columns.
    labels.sort((x, y) => y.queued - x.queued);
    ctx.font = stateFont(t);
    // Clear of the nodes and, in a roomy drawing, of the links' labels (a dense drawing's router
    // names would leave its many labels too little room: they give way to the labels).
    const text = opts.dense ? [] : opts.names ?? [];
    const placed = arrangeLabels(labels, [...arrangedBoxes(arranged), ...(opts.nodes ?? []), ...text], {
      stage: { w: this.width, h: this.height }, k: t, width: (text) => this.textWidth(ctx, text, Math.round(10 * t)),
    });
    for (const label of placed) drawLabel(ctx, label, t);
    return { arranged, queues: drawnQueues, stateText: decorations.length > 0 ? Math.round(10 * t) : 0, labels: placed };
  }

  private drawPackets(
    ctx: CanvasRenderingContext2D, frame: PlaybackFrame, ports: readonly (PortGeometry | null)[],
    opts: DrawOptions, followed: Followed, marked: Marked,
  ): number {
    const r = opts.packetRadius;
    const marks = opts.marks;
    const byColour = new Map<string, Point[]>();
    let count = 0;
    for (const f of frame.inFlight) {
      const geo = ports[f.port];
      if (!geo) continue;
      const x = geo.start.x + (geo.end.x - geo.start.x) * f.progress + geo.normal.x * (r - 1);
      const y = geo.start.y + (geo.end.y - geo.start.y) * f.progress + geo.normal.y * (r - 1);
      const colour = fillOf(f.packet, f.flow, opts);
      const list = byColour.get(colour) ?? [];
      list.push({ x, y });
      this.mark(f.packet, marks, marked, { x: x - r, y: y - r, w: 2 * r, h: 2 * r });
      byColour.set(colour, list);
      this.hits.push({ x: x - r, y: y - r, w: 2 * r, h: 2 * r, packet: f.packet });
      if (f.packet === opts.followed) followed.p = { x, y };
      count++;
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    // Many packets: squares, which rasterise several times faster than anti-aliased circles
    // (it matters without a GPU); at a radius of 3 px or less they look the same.
    const squares = count > SQUARES_ABOVE || r <= 3;
    for (const [colour, dots] of byColour) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const d of dots) {
        if (squares) {
          ctx.rect(d.x - r, d.y - r, 2 * r, 2 * r);
        } else {
          ctx.moveTo(d.x + r, d.y);
          ctx.arc(d.x, d.y, r, 0, Math.PI * 2);
        }
      }
      ctx.fill();
      if (r >= 4 && !squares) ctx.stroke();
    }
    return count;
  }

  /** Notes a packet the marks colour (red) or outline, with where it was drawn. */
  private mark(packet: number, marks: PacketMarks | undefined, marked: Marked, box: Box): void {
    if (!marks) return;
    const label = marks.focus?.get(packet);
    if (label !== undefined) marked.focus.push({ ...box, packet, label });
    if (marks.red?.(packet)) {
      marked.red.push(packet);
      marked.boxes.push({ ...box, red: true });
    } else if (marks.outlined?.(packet)) {
      marked.outlined.push(packet);
      marked.boxes.push({ ...box, red: false });
    }
  }

  /** Dark edges on red packets (visible on any background), red outlines, and red rings at ports. */
  private drawMarks(ctx: CanvasRenderingContext2D, ports: readonly (PortGeometry | null)[], opts: DrawOptions, marked: Marked): DrawnFrame['rings'] {
    for (const red of [true, false]) {
      ctx.strokeStyle = red ? '#5a0010' : OVERDUE_COLOUR;
      ctx.lineWidth = red ? 1.2 : 2;
      ctx.beginPath();
      for (const b of marked.boxes) if (b.red === red) ctx.rect(b.x - 1, b.y - 1, b.w + 2, b.h + 2);
      ctx.stroke();
    }
    // Overdue, told apart by shape as well as by colour: a dark corner (a dog-ear) on each.
    ctx.fillStyle = OVERDUE_CORNER;
    ctx.beginPath();
    for (const b of marked.boxes) {
      if (!b.red) continue;
      const c = Math.max(4, Math.min(b.w, b.h) * 0.55);
      ctx.moveTo(b.x + b.w - c, b.y);
      ctx.lineTo(b.x + b.w, b.y);
      ctx.lineTo(b.x + b.w, b.y + c);
      ctx.closePath();
    }
    ctx.fill();
    const out: { packet: number; port: number }[] = [];
    ctx.strokeStyle = OVERDUE_COLOUR;
    for (const ring of opts.marks?.rings ?? []) {
      const geo = ports[ring.port];
      if (!geo) continue;
      out.push({ packet: ring.packet, port: ring.port });
      ctx.globalAlpha = 1 - 0.75 * ring.age;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(geo.start.x, geo.start.y, 7 + 10 * ring.age, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    ctx.strokeStyle = GUIDE_COLOUR;
    ctx.fillStyle = GUIDE_COLOUR;
    ctx.lineWidth = 2.5;
    ctx.font = '700 12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    for (const f of marked.focus) {
      ctx.beginPath();
      ctx.rect(f.x - 3, f.y - 3, f.w + 6, f.h + 6);
      ctx.stroke();
      ctx.fillText(f.label, f.x + f.w / 2, f.y - 6);
    }
    return out;
  }
}

/** The radius a dense drawing's drop flash reaches (flashes.ts: 7 px, growing 4 px as it fades). */
const DENSE_FLASH_R = 11;
/** A roomy drawing's drop flash as it starts (flashes.ts: 9 px, growing as it fades), with room for its edge. */
const ROOMY_FLASH_R = 12;

/** Rows of a queue column in a dense drawing (three columns of them, then a count of the rest). */
const DENSE_ROWS = 8;

/** A dense drawing's queue column: three columns of cells, DENSE_ROWS rows, the count above. */
export function denseColumnSize(): ColumnSize {
  const { cellW, cellH, gap } = cellSize({ dense: true, keys: false, scale: 1 });
  return { width: 3 * (cellW + gap), pitch: cellH + gap, rows: DENSE_ROWS, head: 5 + 10 };
}

/** Queue cells: wide enough for a key when keys are shown, small in dense drawings, `scale` times the base size otherwise. */
function cellSize(opts: Pick<DrawOptions, 'dense' | 'keys' | 'scale'>): { cellW: number; cellH: number; gap: number } {
  const k = opts.dense ? 1 : opts.scale;
  return {
    cellW: Math.round((opts.keys ? 42 : opts.dense ? 6 : 10) * k),
    cellH: Math.round((opts.keys ? 15 : opts.dense ? 6 : 10) * k),
    gap: opts.dense ? 1 : 2,
  };
}

/** Black or white text, whichever reads better on a flow colour. */
function textOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 140 ? '#111' : '#fff';
}
