// The topology editor and animation: nodes and links in SVG, packets on a canvas overlay
// (packetLayer.ts). A plain class outside React; components/TopologyPanel.tsx mounts it and
// turns its callbacks into editor commands. The view never changes the scenario itself.
// The drawing fits its panel (an axis may stretch up to twice the other), and can be zoomed
// (wheel, the + and − buttons) and panned (drag the background); node, label and queue sizes
// follow the room the drawing has, up to a larger cap in presentation mode. The still drawing
// is topologySvg.ts; where each port's packets and queue go, portGeometry.ts.
import type { PlaybackFrame, QueuedPacket } from '../sim/playback';
import type { RunSummary } from '../sim/types';
import type { Selection, Tool } from '../store/appState';
import {
  MAX_ZOOM, MIN_ZOOM, NO_ZOOM, fitTransform, toAbstract, toScreen, zoomAbout, zoomed, type Point, type Transform, type Zoom,
} from './layout';
import { PacketLayer, denseColumnSize, type DrawnFrame, type PacketMarks, type PortGeometry } from './packetLayer';
import { DENSE_NAME, denseNames, linkLabelBoxes, nodeBoxes, nodeRadius, portGeometries, subLabel } from './portGeometry';
import { countPx, type Box } from './queueArrange';
import { loadPortDrawers } from './portDrawers';
import { viewKey, withStageQueues } from './stageQueues';
import { shortValue } from './values';
import { changedNodes, type Scene } from './scene';
import { followSize, type SizeFollower } from './followSize';
import { drawTopology, svgChild, zoomButtons } from './topologySvg';

type Pos = readonly [number, number];

export interface ViewCallbacks {
  select(selection: Selection): void;
  addNode(kind: 'host' | 'router' | 'middlebox', pos: Pos): void;
  moveNode(id: string, pos: Pos, fill: Record<string, Pos>): void;
  connect(from: string, to: string): void;
  follow(packet: number | null): void;
}

const PADDING: [number, number, number, number] = [70, 80, 50, 80];
/** How much more one axis may be scaled than the other to fill the panel. */
const MAX_STRETCH = 2;
/** Largest node size factor (a roomy drawing). */
const MAX_SIZE = 1.25;
/**
 * Presentation mode's text size factor, for a drawing that is not dense: names at 21 px or more,
 * schedulers, link labels, queue counts and state lines at 16-18 px or more (legible from the
 * back of a room at 1920x1080), up to 2.2 in a roomy drawing. Nodes and queue cells keep their
 * size, so enlarged queues never cover the nodes beside them.
 */
const TEXT_PRESENTATION = [1.6, 2.2] as const;
/** Zoom per button press, and per pixel of wheel movement. */
const ZOOM_STEP = 1.5;
const WHEEL_ZOOM = 0.0015;
/** Below this size factor a drawing is dense: small queue cells, short columns placed clear of the nodes. */
const DENSE_BELOW = 0.7;

interface Drag { id: string; start: Point; at: Point; moved: boolean }
/** Dragging the background: the zoom when it started, and where. */
interface Pan { start: Point; zoom: Zoom; moved: boolean; click: () => void }

export class TopologyView {
  private readonly svg: SVGSVGElement;
  private readonly packets: PacketLayer;
  private readonly follower: SizeFollower;
  private scene: Scene = { nodes: [], links: [] };
  /** The fitted transform, and the user's zoom and pan on top of it. */
  private base: Transform | null = null;
  private zoom: Zoom = NO_ZOOM;
  /** A lesson step's zoom (zoomTo), applied again after a resize. */
  private pinned: { readonly k: number; readonly on: string | null } | null = null;
  private transform: Transform | null = null;
  private pan: Pan | null = null;
  private presentation = false;
  private screen = new Map<string, Point>();
  private summary: RunSummary | null = null;
  private ports: (PortGeometry | null)[] = [];
  /** A dense drawing's router names (their boxes): the queue counts keep clear of them. */
  private names: Box[] = [];
  /** The nodes as drawn: queue columns, counts, state labels and flashes keep clear of them. */
  private nodeBoxes: Box[] = [];
  private frame: PlaybackFrame | null = null;
  private followed: number | null = null;
  private marks: PacketMarks | undefined = undefined;
  private colourOf: ((flow: number) => string) | undefined = undefined;
  private selection: Selection = null;
  private focus: string | null = null;
  private tool: Tool = 'select';
  private pending: string | null = null;
  private drag: Drag | null = null;
  private width = 0;
  private height = 0;
  /** Node size factor: 1 for roomy drawings, down to 0.45 for dense ones (a fat tree). */
  private size = 1;
  /** Text size factor of labels, counts and state lines: the size factor, more in presentation mode. */
  private text = 1;
  /** The least distance between two nodes on screen: dense drawings shrink nodes below it. */
  private minGap = Infinity;

  /**
   * `readOnly`: an animation only (the replay and compare views): clicks follow packets,
   * nothing is edited. `testId` names the drawing for tests. `onZoom` hears the user's zoom
   * and pan (the compare view keeps its panels in step).
   */
  constructor(
    private readonly root: HTMLElement,
    private readonly callbacks: ViewCallbacks,
    private readonly options: { readOnly?: boolean; testId?: string; onZoom?: (z: Zoom) => void } = {},
  ) {
    // The editor's drawing is a group of focusable nodes (Tab reaches them, Enter selects);
    // an animation-only view is one image. components/StageSummary.tsx says what is queued where.
    this.svg = svgChild(root, 'svg', {
      class: 'topology-svg', 'data-testid': options.testId ?? 'topology', role: options.readOnly ? 'img' : 'group', 'aria-label': 'Network topology',
    });
    const canvas = document.createElement('canvas');
    canvas.className = 'topology-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    root.appendChild(canvas);
    this.packets = new PacketLayer(canvas);
    const el = this.svg;
    el.addEventListener('pointerdown', (e) => this.onDown(e));
    el.addEventListener('pointermove', (e) => this.onMove(e));
    el.addEventListener('pointerup', (e) => this.onUp(e));
    el.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    root.appendChild(zoomButtons(options.testId ?? 'topology', {
      zoomIn: () => this.userZoom(zoomAbout(this.zoom, ZOOM_STEP, this.centre())),
      zoomOut: () => this.userZoom(zoomAbout(this.zoom, 1 / ZOOM_STEP, this.centre())),
      fit: () => this.userZoom(NO_ZOOM),
    }));
    this.follower = followSize(root, (w, h) => this.resize(w, h));
    this.follower.check();
  }

  /** What the last frame drew (for tests and the benchmark). */
  get drawn(): DrawnFrame {
    return this.packets.drawn;
  }

  setScene(scene: Scene): void {
    const other = this.scene.nodes.length > 0 && changedNodes(this.scene, scene) > 1;
    const refit = this.base === null || other || !this.fits(scene);
    this.scene = scene;
    if (!refit) {
      this.layout();
      return;
    }
    // A lesson's zoom asked for before the first scene (a view just made) holds; another network drops it.
    const pinned = other ? null : this.pinned;
    this.fit();
    if (pinned) this.zoomTo(pinned.k, pinned.on);
  }

  setEditorState(selection: Selection, tool: Tool): void {
    this.selection = selection;
    if (tool !== this.tool) this.pending = null;
    this.tool = tool;
    this.svg.setAttribute('data-tool', tool);
    this.paintSelection();
  }

  /** The run whose packets are drawn (null when there is none, or it is another network). */
  setRun(summary: RunSummary | null): void {
    this.summary = summary;
    this.computePorts();
    this.draw();
    // A port of another family than FIFO: its drawers load on demand; draw again once they are in.
    if (summary?.ports.some((p) => p.scheduler !== 'fifo')) {
      void loadPortDrawers().then(() => {
        if (this.summary === summary) this.draw();
      });
    }
  }

  render(frame: PlaybackFrame | null, followed: number | null, marks?: PacketMarks): void {
    this.frame = frame;
    this.followed = followed;
    this.marks = marks;
    this.draw();
  }

  /** How packets are coloured: by flow (undefined), or by their flow's group. */
  setColours(colourOf: ((flow: number) => string) | undefined): void {
    if (colourOf === this.colourOf) return;
    this.colourOf = colourOf;
    this.draw();
  }

  /** Rings a node (a lesson step's mark), or none. */
  setFocus(node: string | null): void {
    if (node === this.focus) return;
    this.focus = node;
    this.paintFocus();
  }

  /** Scales the drawing to fill the panel, without zoom. */
  fit(): void {
    this.pinned = null;
    this.refit();
  }

  private refit(): void {
    this.base = fitTransform(this.scene.nodes.map((n) => n.p), this.box(), MAX_STRETCH);
    this.zoom = NO_ZOOM;
    this.layout();
  }

  /** Sets the zoom and pan (from another view kept in step: not reported back). */
  setZoom(z: Zoom): void {
    if (z.k === this.zoom.k && z.x === this.zoom.x && z.y === this.zoom.y) return;
    this.zoom = z;
    this.layout();
  }

  /**
   * A lesson step's zoom: `k` times the fitted drawing, with node `on` (else the middle of the
   * drawing) at the panel's centre; applied and reported as the user's would be.
   */
  zoomTo(k: number, on: string | null): void {
    const c = this.centre();
    const node = on === null ? undefined : this.scene.nodes.find((n) => n.id === on);
    const at = node ? toScreen(this.base ?? fitTransform([], this.box()), node.p) : c;
    const z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));
    this.userZoom({ k: z, x: c.x - z * at.x, y: c.y - z * at.y });
    // Kept through a resize (the replay view opening beside, the lesson panel) until the user zooms.
    this.pinned = { k, on };
  }

  get currentZoom(): Zoom {
    return this.zoom;
  }

  /** Presentation mode: larger names, labels, queue counts and state lines. */
  setPresentation(on: boolean): void {
    if (on === this.presentation) return;
    this.presentation = on;
    this.layout();
  }

  destroy(): void {
    this.follower.stop();
    this.svg.remove();
    this.root.querySelector('canvas.topology-canvas')?.remove();
    this.root.querySelector('.zoom-buttons')?.remove();
  }

  private centre(): Point {
    return { x: this.width / 2, y: this.height / 2 };
  }

  /** A zoom the user made here: applied and reported. */
  private userZoom(z: Zoom): void {
    this.pinned = null;
    this.setZoom(z);
    this.options.onZoom?.(z);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? this.height : 1;
    this.userZoom(zoomAbout(this.zoom, Math.exp(-e.deltaY * lines * WHEEL_ZOOM), this.pointer(e)));
  }

  /** The panel, less room for labels and queues around the drawing (less in a small panel). */
  private box() {
    const [top, right, bottom, left] = PADDING;
    const v = (p: number) => Math.min(p, this.height * 0.16);
    const h = (p: number) => Math.min(p, this.width * 0.12);
    return { width: this.width, height: this.height, padding: [v(top), h(right), v(bottom), h(left)] as const };
  }

  private fits(scene: Scene): boolean {
    const t = this.base;
    if (!t) return false;
    return scene.nodes.every((n) => {
      const p = toScreen(t, n.p);
      return p.x >= 20 && p.y >= 20 && p.x <= this.width - 20 && p.y <= this.height - 20;
    });
  }

  private resize(w: number, h: number): void {
    this.width = w;
    this.height = h;
    this.packets.resize(w, h);
    this.svg.setAttribute('width', String(w));
    this.svg.setAttribute('height', String(h));
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    const pinned = this.pinned;
    this.refit();
    if (pinned) this.zoomTo(pinned.k, pinned.on);
  }

  private layout(): void {
    const t = zoomed(this.base ?? fitTransform([], this.box()), this.zoom);
    this.transform = t;
    this.screen = new Map(this.scene.nodes.map((n) => [n.id, toScreen(t, n.p)]));
    if (this.drag) this.screen.set(this.drag.id, this.drag.at);
    this.size = this.sizeFactor();
    this.drawSvg();
    this.computePorts();
    this.draw();
  }

  /** A dense drawing's names, px: larger for a projector. */
  private namePx(): number {
    return this.presentation ? DENSE_NAME.presentationPx : DENSE_NAME.px;
  }

  private sizeFactor(): number {
    const pts = [...this.screen.values()];
    let min = Infinity;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const a = pts[i] as Point;
        const b = pts[j] as Point;
        min = Math.min(min, Math.hypot(a.x - b.x, a.y - b.y));
      }
    }
    this.minGap = min;
    const size = Math.max(0.45, Math.min(MAX_SIZE, min / 90));
    const [lo, hi] = TEXT_PRESENTATION;
    this.text = this.presentation && size >= DENSE_BELOW ? Math.max(lo, Math.min(hi, min / 90)) : Math.max(1, size);
    return size;
  }

  private drawSvg(): void {
    // Redrawing replaces the nodes: the focused one gets the focus back.
    const focused = document.activeElement instanceof SVGElement ? document.activeElement.getAttribute('data-node') : null;
    drawTopology(this.svg, {
      width: this.width, height: this.height, size: this.size, text: this.text, minGap: this.minGap, namePx: this.namePx(), scene: this.scene, screen: this.screen,
      onKey: this.options.readOnly ? null : (id) => this.nodeKey(id),
    });
    this.paintSelection();
    this.paintFocus();
    if (focused !== null) this.svg.querySelector<SVGElement>(`[data-node="${CSS.escape(focused)}"]`)?.focus();
  }

  /** Enter or Space on a node: the Link tool links it, other tools select it. */
  private nodeKey(id: string): void {
    if (this.tool === 'link') {
      if (this.pending === null) this.setPending(id);
      else if (this.pending !== id) this.connect(id);
    } else this.callbacks.select({ kind: 'node', id });
  }

  private paintFocus(): void {
    for (const ring of this.svg.querySelectorAll('.guide-ring')) ring.remove();
    const p = this.focus === null ? undefined : this.screen.get(this.focus);
    const nodes = this.svg.querySelector('.nodes');
    if (!p || !nodes || this.focus === null) return;
    const ring = svgChild(nodes, 'circle', { class: 'guide-ring', 'data-testid': 'guide-ring', 'data-focus': this.focus, cx: p.x, cy: p.y, r: 32 * this.size });
    nodes.prepend(ring);
  }

  private paintSelection(): void {
    const sel = this.selection;
    for (const g of this.svg.querySelectorAll('.node')) {
      const id = g.getAttribute('data-node');
      g.classList.toggle('selected', sel?.kind === 'node' && id === sel.id);
      g.classList.toggle('pending', id === this.pending);
    }
    for (const g of this.svg.querySelectorAll('.link-group')) {
      g.classList.toggle('selected', sel?.kind === 'link' && g.getAttribute('data-link') === String(sel.index));
    }
  }

  private computePorts(): void {
    const s = this.summary;
    // Dense drawings (drawn with dense: true below): columns placed clear of the nodes and of each other.
    const column = this.size < DENSE_BELOW ? denseColumnSize() : null;
    if (!s) {
      this.ports = [];
      return;
    }
    const sizes = { size: this.size, minGap: this.minGap, namePx: this.namePx() };
    const ports = portGeometries(s, this.scene.nodes, this.screen, sizes, column);
    // Dense drawings write routers' names beside them (topologySvg.ts): the queue counts keep clear.
    this.nodeBoxes = nodeBoxes(this.scene.nodes, this.screen, sizes, column ? null : this.text);
    // Link labels (roomy drawings, topologySvg.ts) too.
    this.names = [
      ...(column ? denseNames(this.scene.nodes, this.screen, sizes).map(([l, t, r, b]) => ({ x: l, y: t, w: r - l, h: b - t })) : []),
      ...linkLabelBoxes(this.scene.links, this.screen, this.size, this.text),
    ];
    // Each middlebox's CPU queue, drawn beside its square (stageQueues.ts).
    const half = nodeRadius('router', { size: this.size, minGap: this.minGap }) * 1.25;
    const scale = Math.max(1, this.size);
    // The line under the node is drawn from size 0.7 (topologySvg.ts); dense drawings have counts of 9 px.
    const label = this.size >= 0.7 ? subLabel(this.size, this.text).bottom : 0;
    const count = countPx(this.size < DENSE_BELOW, scale, this.text);
    this.ports = withStageQueues(ports, s, (id) => this.screen.get(id), { half, label, count, scale });
  }

  private draw(): void {
    // Keys need room: a roomy drawing, or a big one zoomed in.
    const keys = this.size >= 0.9 && (this.scene.nodes.length <= 24 || this.zoom.k > 1);
    const { summary, frame } = this;
    const keyText = (q: QueuedPacket, port: number) => {
      const unit = summary ? viewKey(summary, port)?.unit : undefined;
      return unit ? shortValue(q.key, unit, frame?.t ?? 0) : '';
    };
    const portInfo = (port: number) => {
      const p = summary?.ports[port];
      return p ? { scheduler: p.scheduler, state: p.state, random: p.order === 'random' } : null;
    };
    this.packets.draw(summary ? frame : null, this.ports, {
      keys, keyText, portInfo, followed: this.followed, packetRadius: Math.max(2.5, 5 * this.size), dense: this.size < DENSE_BELOW, marks: this.marks,
      scale: Math.max(1, this.size), text: this.text, colourOf: this.colourOf, names: this.names, nodes: this.nodeBoxes,
    });
  }

  private pointer(e: MouseEvent): Point {
    const r = this.root.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private abstract(p: Point): Pos {
    const a = toAbstract(this.transform ?? fitTransform([], this.box(), MAX_STRETCH), p);
    return [a.x, a.y];
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    const target = e.target instanceof Element ? e.target : null;
    const node = target?.closest('[data-node]')?.getAttribute('data-node') ?? null;
    const link = target?.closest('[data-link]')?.getAttribute('data-link') ?? null;
    const p = this.pointer(e);
    if (this.options.readOnly) {
      const packet = this.packets.hit(p.x, p.y);
      if (packet !== null) this.callbacks.follow(packet);
      else this.startPan(e, p, () => this.callbacks.follow(null));
      return;
    }
    if (this.tool === 'host' || this.tool === 'router' || this.tool === 'middlebox') {
      if (node === null) this.callbacks.addNode(this.tool, this.abstract(p));
      else this.callbacks.select({ kind: 'node', id: node });
      return;
    }
    if (this.tool === 'link') {
      if (node === null) this.setPending(null);
      else if (this.pending === null) this.setPending(node);
      else if (node !== this.pending) this.connect(node);
      return;
    }
    if (node !== null) {
      this.drag = { id: node, start: p, at: this.screen.get(node) ?? p, moved: false };
      this.svg.setPointerCapture(e.pointerId);
    } else if (link !== null) {
      this.callbacks.select({ kind: 'link', index: Number(link) });
    } else {
      const packet = this.packets.hit(p.x, p.y);
      if (packet !== null) this.callbacks.follow(packet);
      else this.startPan(e, p, () => this.callbacks.select(null));
    }
  }

  /** A press on the background: a drag pans, a click (no movement) does `click`. */
  private startPan(e: PointerEvent, p: Point, click: () => void): void {
    this.pan = { start: p, zoom: this.zoom, moved: false, click };
    this.svg.setPointerCapture(e.pointerId);
  }

  /** Moves the drawing with the pointer; true while a pan is under way. */
  private panMove(e: PointerEvent): boolean {
    const pan = this.pan;
    if (!pan) return false;
    const p = this.pointer(e);
    if (!pan.moved && Math.hypot(p.x - pan.start.x, p.y - pan.start.y) < 4) return true;
    pan.moved = true;
    this.svg.classList.add('panning');
    this.userZoom({ k: pan.zoom.k, x: pan.zoom.x + p.x - pan.start.x, y: pan.zoom.y + p.y - pan.start.y });
    return true;
  }

  /** Ends a pan; true when there was one. */
  private panEnd(): boolean {
    const pan = this.pan;
    if (!pan) return false;
    this.pan = null;
    this.svg.classList.remove('panning');
    if (!pan.moved) pan.click();
    return true;
  }

  private onMove(e: PointerEvent): void {
    if (this.panMove(e)) return;
    const p = this.pointer(e);
    // A state label under the pointer gives its full text (a label may be cut to fit).
    const label = this.packets.labelAt(p.x, p.y);
    if (label) this.root.title = label;
    else this.root.removeAttribute('title');
    if (this.options.readOnly) return;
    if (this.tool === 'link' && this.pending !== null) {
      const a = this.screen.get(this.pending);
      const ghost = this.svg.querySelector('.ghost');
      if (a && ghost) {
        ghost.setAttribute('visibility', 'visible');
        ghost.setAttribute('x1', String(a.x));
        ghost.setAttribute('y1', String(a.y));
        ghost.setAttribute('x2', String(p.x));
        ghost.setAttribute('y2', String(p.y));
      }
      return;
    }
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < 4) return;
    d.moved = true;
    d.at = { x: Math.max(20, Math.min(this.width - 20, p.x)), y: Math.max(20, Math.min(this.height - 20, p.y)) };
    this.screen.set(d.id, d.at);
    this.drawSvg();
    this.computePorts();
    this.draw();
  }

  private onUp(e: PointerEvent): void {
    if (this.panEnd() || this.options.readOnly) return;
    if (this.tool === 'link' && this.pending !== null) {
      const under = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-node]')?.getAttribute('data-node');
      if (under && under !== this.pending) this.connect(under);
      return;
    }
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (!d.moved) {
      this.callbacks.select({ kind: 'node', id: d.id });
      return;
    }
    const fill: Record<string, Pos> = {};
    for (const n of this.scene.nodes) fill[n.id] = [n.p.x, n.p.y];
    this.callbacks.moveNode(d.id, this.abstract(d.at), fill);
  }

  private setPending(id: string | null): void {
    this.pending = id;
    if (id === null) this.svg.querySelector('.ghost')?.setAttribute('visibility', 'hidden');
    this.paintSelection();
  }

  private connect(to: string): void {
    const from = this.pending;
    this.setPending(null);
    if (from !== null) this.callbacks.connect(from, to);
  }
}
