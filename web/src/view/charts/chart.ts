// What every results chart shares: an SVG that fills its container and follows its size, the
// legend of its series drawn inside the SVG (so an exported figure is complete), a hover
// readout, a message when there is nothing to draw, and export as SVG text or a PNG image.
// Each chart is a small class on top of this one (cdfChart, bucketChart, timeChart; dropsChart
// and waitChart through portChart; queueChart for queues over time). Plain D3, outside React.
import type { ScaleLinear } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { chartScale, scaleSvg } from '../chartScale';
import { followSize, type SizeFollower } from '../followSize';
import { formatDuration } from '../format';

/** How a series is drawn: one colour (and dash) per scheduler in a comparison. */
export interface SeriesStyle {
  readonly label: string;
  readonly colour: string;
  /** SVG stroke-dasharray ("" for a solid line). */
  readonly dash: string;
}

export interface Margin {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export type Svg = Selection<SVGSVGElement, unknown, null, undefined>;
export type G = Selection<SVGGElement, unknown, null, undefined>;

/** Styles an exported figure needs (in the page, styles.css gives the same look). */
const EXPORT_STYLE = [
  'text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; fill: #1b2a3a; }',
  '.axis text { fill: #5b6b7a; font-size: 10px; }',
  '.axis path, .axis line { stroke: #b8c4cf; }',
  '.axis-title, .chart-note { fill: #5b6b7a; font-size: 11px; }',
  '.legend-text { font-size: 11px; }',
].join('\n');

const LEGEND_ROW = 16;

/**
 * Room above a plot for its y-axis title, which sits over the axis rather than inside the plot,
 * where it would cover data that reaches the top (a dominant share at 100%, a CDF at 1).
 */
export const Y_TITLE = 14;

/** Whole numbers only: the ticks of an axis that counts (packets, drops). */
export function countTicks(scale: ScaleLinear<number, number>, approx: number): number[] {
  return scale.ticks(approx).filter((v) => Number.isInteger(v));
}

/**
 * The left margin that fits row labels of 10 px text ("router_a → server_a"), at least `min`
 * and at most 40% of the chart's width.
 */
export function labelMargin(labels: readonly string[], width: number, min = 60): number {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return Math.round(Math.max(min, Math.min(0.4 * width, longest * 6 + 14)));
}

/** A time tick: "0", "250 µs", "1.5 ms". */
export const timeTick = (ns: number): string => (ns === 0 ? '0' : formatDuration(ns));

/** "1st", "2nd", "3rd", "11th", "99th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export abstract class Chart {
  protected readonly svg: Svg;
  private readonly tip: HTMLDivElement;
  private readonly size: SizeFollower;
  /** Width and height in the chart's units: its CSS pixels over `k`, the magnification (chartScale.ts). */
  protected width = 0;
  protected height = 0;
  protected k = 1;

  /** `title` heads an exported figure; `testId` names the SVG for tests. */
  constructor(protected readonly root: HTMLElement, testId: string, private readonly title: string) {
    this.svg = select(root).append('svg').attr('class', 'chart-svg').attr('data-testid', testId)
      .attr('role', 'img').attr('aria-label', title);
    this.tip = document.createElement('div');
    this.tip.className = 'chart-tip';
    this.tip.hidden = true;
    this.tip.setAttribute('role', 'status');
    this.tip.dataset.testid = `${testId}-tip`;
    root.appendChild(this.tip);
    this.svg.on('pointerleave', () => this.showTip(null));
    this.size = followSize(root, (w, h) => {
      this.k = chartScale(root);
      ({ width: this.width, height: this.height } = scaleSvg(this.svg, w, h, this.k));
      this.redraw();
    });
  }

  destroy(): void {
    this.size.stop();
    this.svg.remove();
    this.tip.remove();
  }

  /** The chart as a standalone SVG file: its title, a white background, the page's styles. */
  svgText(): string {
    const node = this.svg.node();
    if (!node) return '';
    const copy = node.cloneNode(true) as SVGSVGElement;
    const ns = 'http://www.w3.org/2000/svg';
    const w = Math.max(1, this.width);
    const h = Math.max(1, this.height) + 22;
    copy.setAttribute('xmlns', ns);
    copy.setAttribute('width', String(w));
    copy.setAttribute('height', String(h));
    copy.setAttribute('viewBox', `0 -22 ${w} ${h}`);
    copy.removeAttribute('class');
    copy.removeAttribute('style');
    copy.removeAttribute('viewBox');
    const style = document.createElementNS(ns, 'style');
    style.textContent = EXPORT_STYLE;
    const bg = document.createElementNS(ns, 'rect');
    Object.entries({ x: '0', y: '-22', width: String(w), height: String(h), fill: '#ffffff' }).forEach(([k, v]) => bg.setAttribute(k, v));
    const title = document.createElementNS(ns, 'text');
    Object.entries({ x: '8', y: '-7', 'font-size': '13', 'font-weight': '600' }).forEach(([k, v]) => title.setAttribute(k, v));
    title.textContent = this.title;
    copy.insertBefore(title, copy.firstChild);
    copy.insertBefore(bg, copy.firstChild);
    copy.insertBefore(style, copy.firstChild);
    return new XMLSerializer().serializeToString(copy);
  }

  /** The same figure as a PNG image, `scale` pixels per CSS pixel. */
  async png(scale = 2): Promise<Blob> {
    const text = this.svgText();
    const w = Math.max(1, this.width);
    const h = Math.max(1, this.height) + 22;
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    try {
      const img = new Image();
      await new Promise<void>((resolve, reject) => {
        img.onload = () => resolve();
        img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
        img.src = url;
      });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('this browser has no 2D canvas');
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, w, h);
      return await new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the image could not be encoded'))), 'image/png');
      });
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  /** Redraws everything (new data); subclasses call it from their setData. */
  protected redraw(): void {
    this.svg.selectAll('*').remove();
    this.svg.on('pointermove', null);
    this.showTip(null);
    if (this.width > 0 && this.height > 0) this.draw();
  }

  /** Draws the whole chart into the empty SVG. */
  protected abstract draw(): void;

  /** Takes the container's size (subclasses call it once their fields are set). */
  protected resize(): void {
    this.size.check();
  }

  /**
   * Draws the legend in rows at the top (a swatch of each series' line, then its label);
   * returns the height it took.
   */
  protected legend(series: readonly SeriesStyle[], left: number, extra: readonly { label: string; opacity: number }[] = []): number {
    const g = this.svg.append('g').attr('class', 'chart-legend').attr('data-testid', 'chart-legend');
    let x = left;
    let row = 0;
    const place = (label: string) => {
      const w = 26 + label.length * 6.2;
      if (x + w > this.width - 8 && x > left) {
        x = left;
        row++;
      }
      const at = { x, y: 4 + row * LEGEND_ROW };
      x += w + 8;
      return at;
    };
    for (const s of series) {
      const at = place(s.label);
      const item = g.append('g').attr('class', 'legend-item').attr('transform', `translate(${at.x},${at.y})`);
      item.append('line').attr('x1', 0).attr('x2', 18).attr('y1', 6).attr('y2', 6)
        .attr('stroke', s.colour).attr('stroke-width', 3).attr('stroke-dasharray', s.dash);
      item.append('text').attr('class', 'legend-text').attr('x', 22).attr('y', 10).text(s.label);
    }
    for (const e of extra) {
      const at = place(e.label);
      const item = g.append('g').attr('class', 'legend-item').attr('transform', `translate(${at.x},${at.y})`);
      item.append('rect').attr('width', 14).attr('height', 10).attr('y', 1).attr('fill', '#33414f').attr('fill-opacity', e.opacity);
      item.append('text').attr('class', 'legend-text').attr('x', 20).attr('y', 10).text(e.label);
    }
    return series.length + extra.length === 0 ? 0 : (row + 1) * LEGEND_ROW + 4;
  }

  /** The y-axis title, above the plot's top-left corner (`g` is the plot, at its origin). */
  protected drawYTitle(g: G, text: string): void {
    g.append('text').attr('class', 'axis-title').attr('data-testid', 'axis-title-y').attr('x', 0).attr('y', -Y_TITLE + 4).text(text);
  }

  /** A note in the middle of the chart ("No completed flows"). */
  protected message(text: string): void {
    this.svg.append('text').attr('class', 'chart-note').attr('data-testid', 'chart-empty')
      .attr('x', this.width / 2).attr('y', this.height / 2).attr('text-anchor', 'middle').text(text);
  }

  /**
   * Shows the hover readout near (x, y) in the chart's pixels: a heading, then one line per
   * series (a swatch in its colour and the text); null hides it.
   */
  protected showTip(at: { x: number; y: number } | null, heading = '', lines: readonly { colour: string; text: string }[] = []): void {
    if (!at) {
      this.tip.hidden = true;
      return;
    }
    this.tip.replaceChildren();
    const head = document.createElement('div');
    head.className = 'chart-tip-head';
    head.textContent = heading;
    this.tip.appendChild(head);
    for (const l of lines) {
      const row = document.createElement('div');
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = l.colour;
      row.append(swatch, l.text);
      this.tip.appendChild(row);
    }
    this.tip.hidden = false;
    // Beside the pointer, flipped to the other side near the right or bottom edge.
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    const [x, y, w, h] = [at.x * this.k, at.y * this.k, this.width * this.k, this.height * this.k];
    const left = x + 14 + tw > w ? Math.max(0, x - 14 - tw) : x + 14;
    const top = Math.min(Math.max(0, y - th / 2), Math.max(0, h - th));
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${top}px`;
  }

  /** The pointer's position in the chart's units. */
  protected pointer(e: PointerEvent): { x: number; y: number } {
    const r = this.root.getBoundingClientRect();
    return { x: (e.clientX - r.left) / this.k, y: (e.clientY - r.top) / this.k };
  }
}

/** A chart of one list of series and nothing else: `setData` replaces the list and redraws. */
export abstract class SeriesChart<S extends SeriesStyle> extends Chart {
  protected series: readonly S[] = [];

  setData(series: readonly S[]): void {
    this.series = series;
    this.redraw();
  }
}
