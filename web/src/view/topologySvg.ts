// The topology's still part, in SVG (D3): links with their labels, nodes with their names and
// schedulers, sized to the room between them (dense drawings drop names to hover titles,
// and no two labels overlap); and the zoom buttons over it. topologyView.ts redraws it on
// every layout; packets move on its canvas (packetLayer.ts).
import type { Selection as D3Selection } from 'd3-selection';
import type { Point } from './layout';
import { nodeRadius } from './portGeometry';
import type { Scene, SceneNode } from './scene';

type Svg = D3Selection<SVGSVGElement, unknown, null, undefined>;

export interface TopologyLook {
  readonly width: number;
  readonly height: number;
  /** Node size factor (1: roomy), and the least gap between two nodes on screen. */
  readonly size: number;
  readonly minGap: number;
  readonly scene: Scene;
  readonly screen: ReadonlyMap<string, Point>;
  /** Enter or Space on a node (the editor's nodes are focusable buttons); null: an image only. */
  readonly onKey: ((node: string) => void) | null;
}

/** Replaces the drawing: background, links, nodes, and the Link tool's (hidden) ghost line. */
export function drawTopology(svg: Svg, look: TopologyLook): void {
  const s = look.size;
  const big = Math.max(1, s);
  svg.selectAll('*').remove();
  svg.append('rect').attr('class', 'bg').attr('width', look.width).attr('height', look.height);
  const showLabels = s >= 0.9;
  const links = svg.append('g').attr('class', 'links');
  for (const l of look.scene.links) {
    const a = look.screen.get(l.from);
    const b = look.screen.get(l.to);
    if (!a || !b) continue;
    const g = links.append('g').attr('class', 'link-group').attr('data-link', l.index).attr('data-testid', `link-${l.index}`);
    g.append('line').attr('class', 'link-hit').attr('x1', a.x).attr('y1', a.y).attr('x2', b.x).attr('y2', b.y);
    g.append('line').attr('class', 'link').attr('x1', a.x).attr('y1', a.y).attr('x2', b.x).attr('y2', b.y);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    if (showLabels && len > 150) {
      const nx = -(b.y - a.y) / len;
      const ny = (b.x - a.x) / len;
      const flip = ny < 0 ? -1 : 1; // keep the label below the line
      g.append('text').attr('class', 'link-label').attr('text-anchor', 'middle').style('font-size', `${11 * big}px`)
        .attr('x', (a.x + b.x) / 2 + nx * 16 * big * flip).attr('y', (a.y + b.y) / 2 + ny * 16 * big * flip + 4 * big).text(l.label);
    }
  }
  const nodes = svg.append('g').attr('class', 'nodes');
  // Routers first: where labels collide, the router's stays.
  const order = [...look.scene.nodes].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'router' ? -1 : 1));
  for (const n of order) drawNode(nodes, n, look);
  hideOverlaps(svg.node());
  svg.append('line').attr('class', 'ghost').attr('visibility', 'hidden');
}

function drawNode(parent: D3Selection<SVGGElement, unknown, null, undefined>, n: SceneNode, look: TopologyLook): void {
  const p = look.screen.get(n.id);
  if (!p) return;
  const s = look.size;
  const g = parent.append('g').attr('class', `node node-${n.kind}`).attr('data-node', n.id)
    .attr('data-testid', `node-${n.id}`).attr('transform', `translate(${p.x},${p.y})`);
  const onKey = look.onKey;
  if (onKey) {
    g.attr('tabindex', 0).attr('role', 'button').attr('aria-label', `${n.id}${n.scheduler ? ` ${n.scheduler}` : ''} (${n.kind})`)
      .on('keydown', (e: KeyboardEvent) => {
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
    g.append('rect').attr('class', 'middlebox-box').attr('x', -m).attr('y', -m).attr('width', 2 * m).attr('height', 2 * m).attr('rx', m / 4);
  }
  if (n.kind === 'router') g.append('circle').attr('r', r);
  else {
    const w = 2 * nodeRadius('host', look);
    const h = w * (28 / 46);
    g.append('rect').attr('x', -w / 2).attr('y', -h / 2).attr('width', w).attr('height', h).attr('rx', Math.min(7 * s, w / 5));
  }
  if (s >= 0.7) {
    g.append('text').attr('class', 'node-label').attr('dy', '0.35em').style('font-size', `${Math.max(9, 13 * s)}px`).text(n.id);
    if (n.scheduler) {
      g.append('text').attr('class', 'node-sub').attr('y', 20 * s + 14 * Math.max(1, s)).style('font-size', `${11 * Math.max(1, s)}px`)
        // The leading space (not drawn) keeps the node's text "r1 fifo", as its accessible name says.
        .text(n.middlebox !== undefined ? ` CPU ${n.middlebox} · ${n.scheduler}` : ` ${n.scheduler}`);
    }
  } else {
    // Dense drawings: router names beside the node, every name (and scheduler) on hover.
    if (n.kind === 'host' && look.minGap >= 32) {
      // Hosts in a row with room for a short name: under the box (hideOverlaps drops any that collide).
      g.append('text').attr('class', 'node-label small host').attr('y', look.minGap * 0.25 + 10).text(n.id);
    } else g.append('title').text(n.scheduler ? `${n.id} (${n.scheduler})` : n.id);
    if (n.kind === 'router') g.append('text').attr('class', 'node-label small').attr('x', r + 2).attr('y', -r).text(n.id);
  }
}

/**
 * Labels never overlap: in drawing order (routers' labels, then hosts', then schedulers',
 * then links'), a label that would overlap one already kept is hidden (its node then gets a
 * title, shown on hover; zooming in brings the label back).
 */
function hideOverlaps(svg: SVGSVGElement | null): void {
  if (!svg) return;
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
        const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
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
