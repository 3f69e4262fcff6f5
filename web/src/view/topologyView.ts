// The network picture: nodes and links in SVG (D3), and on a canvas overlay everything that
// moves each frame: packets on links, each port's queue as a column of squares, drop flashes.
// A plain class outside React; components/TopologyPanel.tsx mounts it.
import { select, type Selection } from 'd3-selection';
import type { PlaybackFrame } from '../sim/playback';
import type { RunSummary } from '../sim/types';
import { formatBandwidth, formatDuration } from './format';
import { fitToBox, nodePositions, type Point } from './layout';
import { DROP_COLOUR, flowColour } from './palette';

const ROUTER_R = 20;
const HOST_W = 46;
const HOST_H = 28;
/** Distance from a node's centre at which links and packets start. */
const NODE_EDGE = 24;
const SQUARE = 10;
const SQUARE_GAP = 2;
const PACKET_R = 5;
const PADDING: [number, number, number, number] = [80, 70, 40, 70];

interface PortGeometry {
  /** Where packets leave and arrive (node edges). */
  start: Point;
  end: Point;
  /** Unit normal to the link (right-hand side of travel): packets ride slightly off the line. */
  normal: Point;
  /** Bottom centre of the queue column. */
  queueBase: Point;
}

export class TopologyView {
  private readonly root: HTMLElement;
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly observer: ResizeObserver | null;
  private summary: RunSummary | null = null;
  private points: Point[] = [];
  private ports: PortGeometry[] = [];
  private lastFrame: PlaybackFrame | null = null;
  private width = 0;
  private height = 0;

  constructor(container: HTMLElement) {
    this.root = container;
    this.svg = select(container)
      .append('svg')
      .attr('class', 'topology-svg')
      .attr('data-testid', 'topology')
      .attr('role', 'img')
      .attr('aria-label', 'Network topology');
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'topology-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');
    container.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.observer?.observe(container);
    this.resize();
  }

  setRun(summary: RunSummary | null): void {
    this.summary = summary;
    this.lastFrame = null;
    this.layout();
  }

  render(frame: PlaybackFrame | null): void {
    this.lastFrame = frame;
    this.draw();
  }

  destroy(): void {
    this.observer?.disconnect();
    this.svg.remove();
    this.canvas.remove();
  }

  private resize(): void {
    const w = this.root.clientWidth;
    const h = this.root.clientHeight;
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.svg.attr('width', w).attr('height', h).attr('viewBox', `0 0 ${w} ${h}`);
    this.layout();
  }

  private layout(): void {
    const s = this.summary;
    this.svg.selectAll('*').remove();
    if (!s || this.width === 0) {
      this.points = [];
      this.ports = [];
      this.draw();
      return;
    }
    const abstract = nodePositions(s.nodes, s.links);
    this.points = fitToBox(abstract, { width: this.width, height: this.height, padding: PADDING });
    this.ports = s.ports.map((p) => this.portGeometry(p.node, p.to));
    this.drawLinks(s);
    this.drawNodes(s);
    this.draw();
  }

  private portGeometry(node: number, to: number): PortGeometry {
    const a = this.points[node] ?? { x: 0, y: 0 };
    const b = this.points[to] ?? { x: 0, y: 0 };
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
    const edge = Math.min(NODE_EDGE, len / 3);
    return {
      start: { x: a.x + u.x * edge, y: a.y + u.y * edge },
      end: { x: b.x - u.x * edge, y: b.y - u.y * edge },
      normal: { x: -u.y, y: u.x },
      queueBase: { x: a.x + u.x * (NODE_EDGE + 14), y: a.y + u.y * (NODE_EDGE + 14) - 10 },
    };
  }

  private drawLinks(s: RunSummary): void {
    const g = this.svg.append('g').attr('class', 'links');
    s.links.forEach((link) => {
      const a = this.points[link.from];
      const b = this.points[link.to];
      if (!a || !b) return;
      g.append('line')
        .attr('class', 'link')
        .attr('x1', a.x).attr('y1', a.y).attr('x2', b.x).attr('y2', b.y);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      g.append('text')
        .attr('class', 'link-label')
        .attr('x', mx)
        .attr('y', my + 16)
        .attr('text-anchor', 'middle')
        .text(`${formatBandwidth(link.bandwidth_bps)} · ${formatDuration(link.delay_ns)}`);
    });
  }

  private drawNodes(s: RunSummary): void {
    const g = this.svg.append('g').attr('class', 'nodes');
    s.nodes.forEach((node, i) => {
      const p = this.points[i];
      if (!p) return;
      const n = g.append('g').attr('class', `node node-${node.kind}`).attr('data-node', node.id)
        .attr('transform', `translate(${p.x},${p.y})`);
      if (node.kind === 'router') {
        n.append('circle').attr('r', ROUTER_R);
        const scheduler = s.ports.find((port) => port.node === i)?.scheduler;
        if (scheduler) n.append('text').attr('class', 'node-sub').attr('y', ROUTER_R + 14).text(scheduler);
      } else {
        n.append('rect').attr('x', -HOST_W / 2).attr('y', -HOST_H / 2).attr('width', HOST_W)
          .attr('height', HOST_H).attr('rx', 7);
      }
      n.append('text').attr('class', 'node-label').attr('dy', '0.35em').text(node.id);
    });
  }

  private draw(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    ctx.clearRect(0, 0, this.width, this.height);
    const frame = this.lastFrame;
    if (!frame || this.ports.length === 0) return;
    this.drawQueues(ctx, frame);
    this.drawPackets(ctx, frame);
    this.drawDrops(ctx, frame);
  }

  /** Squares per column for a port, so the column stays inside the canvas. */
  private rowsAt(base: Point): number {
    return Math.max(4, Math.min(30, Math.floor((base.y - 24) / (SQUARE + SQUARE_GAP))));
  }

  private slot(base: Point, rows: number, i: number): Point {
    const col = Math.floor(i / rows);
    const row = i % rows;
    return {
      x: base.x - SQUARE / 2 + col * (SQUARE + SQUARE_GAP),
      y: base.y - (row + 1) * (SQUARE + SQUARE_GAP),
    };
  }

  private drawQueues(ctx: CanvasRenderingContext2D, frame: PlaybackFrame): void {
    const byColour = new Map<string, Point[]>();
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    frame.queues.forEach((queue, port) => {
      const geo = this.ports[port];
      if (!geo || queue.length === 0) return;
      const rows = this.rowsAt(geo.queueBase);
      const shown = Math.min(queue.length, rows * 3);
      for (let i = 0; i < shown; i++) {
        const colour = flowColour((queue[i] as { flow: number }).flow);
        const list = byColour.get(colour) ?? [];
        list.push(this.slot(geo.queueBase, rows, i));
        byColour.set(colour, list);
      }
      const top = this.slot(geo.queueBase, rows, Math.min(shown, rows) - 1);
      ctx.fillStyle = '#33414f';
      const more = queue.length > shown ? ` (+${queue.length - shown})` : '';
      ctx.fillText(`${queue.length} queued${more}`, top.x, top.y - 5);
    });
    for (const [colour, squares] of byColour) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const s of squares) ctx.rect(s.x, s.y, SQUARE, SQUARE);
      ctx.fill();
    }
  }

  private drawPackets(ctx: CanvasRenderingContext2D, frame: PlaybackFrame): void {
    const byColour = new Map<string, Point[]>();
    for (const f of frame.inFlight) {
      const geo = this.ports[f.port];
      if (!geo) continue;
      const x = geo.start.x + (geo.end.x - geo.start.x) * f.progress + geo.normal.x * 4;
      const y = geo.start.y + (geo.end.y - geo.start.y) * f.progress + geo.normal.y * 4;
      const colour = flowColour(f.flow);
      const list = byColour.get(colour) ?? [];
      list.push({ x, y });
      byColour.set(colour, list);
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    for (const [colour, dots] of byColour) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const d of dots) {
        ctx.moveTo(d.x + PACKET_R, d.y);
        ctx.arc(d.x, d.y, PACKET_R, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.stroke();
    }
  }

  private drawDrops(ctx: CanvasRenderingContext2D, frame: PlaybackFrame): void {
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    for (const d of frame.drops) {
      const geo = this.ports[d.port];
      if (!geo) continue;
      // Beside the queue column, where the port turned the packet away (or pushed it out).
      const x = geo.queueBase.x + SQUARE + 16;
      const y = geo.queueBase.y - SQUARE - 4;
      const r = 9 + 12 * d.age;
      ctx.globalAlpha = 1 - d.age;
      ctx.fillStyle = flowColour(d.flow);
      ctx.fillRect(x - SQUARE / 2, y - SQUARE / 2, SQUARE, SQUARE);
      ctx.strokeStyle = DROP_COLOUR;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(x - 7, y - 7);
      ctx.lineTo(x + 7, y + 7);
      ctx.moveTo(x + 7, y - 7);
      ctx.lineTo(x - 7, y + 7);
      ctx.stroke();
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = DROP_COLOUR;
      ctx.fillText('drop', x + 14, y + 4);
    }
    ctx.globalAlpha = 1;
  }
}
