// Presentation mode for the D3 charts (issue 37): a chart is drawn at its usual size in units,
// and its SVG shows those units magnified `k` times (the viewBox), so its text, axes, legend and
// notes grow together and keep the room they were laid out with (no label runs into another).
// `k` comes from the page's CSS (--chart-scale, set by `.app.presentation` in presentation.css),
// read when the chart takes its container's size; presentation mode changes every chart
// container's size (presentation.css), so every chart is laid out again when it toggles.
import type { Selection } from 'd3-selection';

/** The magnification the page's CSS asks for at `el` (1 when it asks for none). */
export function chartScale(el: Element): number {
  const k = parseFloat(getComputedStyle(el).getPropertyValue('--chart-scale'));
  return Number.isFinite(k) && k >= 1 && k <= 4 ? k : 1;
}

/**
 * Sizes `svg` to `w` x `h` CSS pixels showing `w / k` x `h / k` units; returns the size in
 * units (what the chart lays itself out in).
 */
export function scaleSvg(svg: Selection<SVGSVGElement, unknown, null, undefined>, w: number, h: number, k: number): { width: number; height: number } {
  const width = w / k;
  const height = h / k;
  svg.attr('width', w).attr('height', h).attr('viewBox', k === 1 ? null : `0 0 ${width} ${height}`);
  return { width, height };
}
