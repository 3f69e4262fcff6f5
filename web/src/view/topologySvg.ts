// The topology's still part, in SVG (plain DOM: d3-selection stays out of the main script, issue
// 20; the charts, loaded on demand, use it): links with their labels, nodes with their names and
// schedulers, sized to the room between them (dense drawings drop names to hover titles,
// and no two labels overlap); and the zoom buttons over it. topologyView.ts redraws it on
// every layout; packets move on its canvas (packetLayer.ts).
import type { Point } from './layout';
import { DENSE_NAME, LINK_LABELS_FROM, linkLabelAt, nodeRadius, subLabel } from './portGeometry';
import type { Scene, SceneNode } from './scene';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Appends an SVG element to `parent` with these attributes (and text, font size). */
export function svgChild<K extends keyof SVGElementTagNameMap>(
  parent: Element, tag: K, attrs: Readonly<Record<string, string | number>>, text?: string, fontPx?: number,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (fontPx !== undefined) el.style.setProperty('font-size', `${fontPx}px`);
  if (text !== undefined) el.textContent = text;
  parent.appendChild(el);
  return el;
}

export interface TopologyLook {
  readonly width: number;
  readonly height: number;
  /** Node size factor (1: roomy), and the least gap between two nodes on screen. */
  readonly size: number;
  /** Text size factor of names and labels (at least 1; above the size factor in presentation mode). */
  readonly text: number;
  readonly minGap: number;
  /** A dense drawing's names, px (portGeometry.ts DENSE_NAME). */
  readonly namePx: number;
  readonly scene: Scene;
  readonly screen: ReadonlyMap<string, Point>;
  /** Enter or Space on a node (the editor's nodes are focusable buttons); null: an image only. */
  readonly onKey: ((node: string) => void) | null;
}

/** Replaces the drawing: background, links, nodes, and the Link tool's (hidden) ghost line. */
export function drawTopology(svg: SVGSVGElement, look: TopologyLook): void {
  const s = look.size;
  const big = look.text;
  svg.replaceChildren();
  svgChild(svg, 'rect', { class: 'bg', width: look.width, height: look.height });
  const showLabels = s >= LINK_LABELS_FROM;
  const links = svgChild(svg, 'g', { class: 'links' });
  for (const l of look.scene.links) {
    const a = look.screen.get(l.from);
    const b = look.screen.get(l.to);
    if (!a || !b) continue;
    const g = svgChild(links, 'g', { class: 'link-group', 'data-link': l.index, 'data-testid': `link-${l.index}` });
    svgChild(g, 'line', { class: 'link-hit', x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    svgChild(g, 'line', { class: 'link', x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    const at = showLabels ? linkLabelAt(a, b, big) : null;
    if (at) svgChild(g, 'text', { class: 'link-label', 'text-anchor': 'middle', x: at.x, y: at.y }, l.label, at.px);
  }
  const nodes = svgChild(svg, 'g', { class: 'nodes' });
  // Routers first: where labels collide, the router's stays.
  const order = [...look.scene.nodes].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'router' ? -1 : 1));
  for (const n of order) drawNode(nodes, n, look);
  hideOverlaps(svg);
  svgChild(svg, 'line', { class: 'ghost', visibility: 'hidden' });
}

function drawNode(parent: SVGGElement, n: SceneNode, look: TopologyLook): void {
  const p = look.screen.get(n.id);
  if (!p) return;
  const s = look.size;
  const g = svgChild(parent, 'g', { class: `node node-${n.kind}`, 'data-node': n.id, 'data-testid': `node-${n.id}`, transform: `translate(${p.x},${p.y})` });
  const onKey = look.onKey;
  if (onKey) {
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('aria-label', `${n.id}${n.scheduler ? ` ${n.scheduler}` : ''} (${n.kind})`);
    g.addEventListener('keydown', (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      e.stopPropagation();
      onKey(n.id);
    });
  }
  // Never wider than the room between nodes (servers in rows), so neighbours never touch.
  const r = nodeRadius('router', look);
  if (n.kind === 'router' && n.middlebox !== undefined) {
    // A middlebox: a square (its CPU) behind the router's circle.
    const m = r * 1.25;
    svgChild(g, 'rect', { class: 'middlebox-box', x: -m, y: -m, width: 2 * m, height: 2 * m, rx: m / 4 });
  }
  if (n.kind === 'router') svgChild(g, 'circle', { r });
  else {
    const w = 2 * nodeRadius('host', look);
    const h = w * (28 / 46);
    svgChild(g, 'rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: Math.min(7 * s, w / 5) });
  }
  if (s >= 0.7) {
    const t = look.text;
    svgChild(g, 'text', { class: 'node-label', dy: '0.35em' }, n.id, Math.max(9, 13 * Math.max(s, t)));
    if (n.scheduler) {
      // The leading space (not drawn) keeps the node's text "r1 fifo", as its accessible name says.
      const sub = subLabel(s, t);
      svgChild(g, 'text', { class: 'node-sub', y: sub.y },
        n.middlebox !== undefined ? ` CPU ${n.middlebox} · ${n.scheduler}` : ` ${n.scheduler}`, sub.px);
    }
  } else {
    // Dense drawings: router names beside the node, every name (and scheduler) on hover.
    if (n.kind === 'host' && look.minGap >= 32) {
      // Hosts in a row with room for a short name: under the box (hideOverlaps drops any that collide).
      svgChild(g, 'text', { class: 'node-label small host', y: look.minGap * 0.25 + 10 }, n.id, look.namePx);
    } else svgChild(g, 'title', {}, n.scheduler ? `${n.id} (${n.scheduler})` : n.id);
    // Where denseNameBox says (the queue columns keep clear of it).
    if (n.kind === 'router') svgChild(g, 'text', { class: 'node-label small', x: r + DENSE_NAME.dx, y: -r }, n.id, look.namePx);
  }
}

/**
 * Labels never overlap: in drawing order (routers' labels, then hosts', then schedulers',
 * then links'), a label that would overlap one already kept is hidden (its node then gets a
 * title, shown on hover; zooming in brings the label back).
 */
function hideOverlaps(svg: SVGSVGElement): void {
  const kept: DOMRect[] = [];
  const classes = ['.node-label', '.node-sub', '.link-label'];
  for (const c of classes) {
    for (const el of svg.querySelectorAll<SVGTextElement>(c)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const hit = kept.some((k) => r.left < k.right + 2 && r.right + 2 > k.left && r.top < k.bottom && r.bottom > k.top);
      if (!hit) {
        kept.push(r);
        continue;
      }
      el.setAttribute('visibility', 'hidden');
      // A node whose name is hidden says it on hover.
      const node = el.closest('.node');
      if (node && !node.querySelector('title')) {
        const title = document.createElementNS(SVG_NS, 'title');
        title.textContent = node.getAttribute('data-node');
        node.prepend(title);
      }
    }
  }
}

/** Zoom in, zoom out, fit: buttons over the drawing's top-right corner. */
export function zoomButtons(testId: string, act: { zoomIn: () => void; zoomOut: () => void; fit: () => void }): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'zoom-buttons';
  const button = (label: string, title: string, id: string, onClick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.setAttribute('aria-label', title);
    b.dataset.testid = `${testId}-${id}`;
    b.addEventListener('click', onClick);
    bar.appendChild(b);
  };
  button('+', 'Zoom in (or the mouse wheel)', 'zoom-in', act.zoomIn);
  button('−', 'Zoom out', 'zoom-out', act.zoomOut);
  button('Fit', 'Fit the drawing to the panel (drag the background to pan)', 'zoom-fit', act.fit);
  return bar;
}
