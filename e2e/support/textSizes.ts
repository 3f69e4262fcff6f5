// What size the page's text is drawn at, by kind (presentation mode, issue 37): the HTML text of
// the side panel and of the stage (notes, controls), the charts' SVG text (axes, legends, notes),
// the drawing's SVG labels (node names, schedulers) and the state lines drawn on its canvas.
import type { Page } from '@playwright/test';

export interface SizeFigures {
  /** Text elements measured, and their smallest, median and largest font size (px). */
  readonly count: number;
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

export interface TextSizes {
  readonly side: SizeFigures;
  readonly stage: SizeFigures;
  /** The compare view's results under the stage (count 0 elsewhere). */
  readonly results: SizeFigures;
  readonly charts: SizeFigures;
  readonly labels: SizeFigures;
}

/**
 * Computed font sizes of the text drawn (not hidden) under each part of the page (`side`: the
 * side panel, or a container the view has instead). Chart text is measured as drawn: its computed
 * size times its SVG's magnification (the viewBox, view/chartScale.ts).
 */
export function textSizes(page: Page, side = '.side'): Promise<TextSizes> {
  return page.evaluate((sideSel) => {
    const figures = (sizes: number[]) => {
      const s = [...sizes].sort((a, b) => a - b);
      return { count: s.length, min: s[0] ?? 0, median: s[Math.floor(s.length / 2)] ?? 0, max: s.at(-1) ?? 0 };
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none';
    };
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    /** HTML elements with text of their own under `roots`, outside SVG, visible on screen. */
    const html = (rootSel: string) => {
      const out: number[] = [];
      for (const root of document.querySelectorAll(rootSel)) {
        for (const el of root.querySelectorAll('*')) {
          if (el instanceof SVGElement || el.closest('svg') || el.closest('.sr-only') || !ownText(el) || !visible(el)) continue;
          out.push(parseFloat(getComputedStyle(el).fontSize));
        }
      }
      return out;
    };
    /** Screen pixels per SVG unit at `el` (its SVG's viewBox magnification). */
    const magnification = (el: SVGGraphicsElement) => {
      const m = el.getScreenCTM();
      return m ? Math.hypot(m.a, m.b) : 1;
    };
    const svgText = (sel: string) => [...document.querySelectorAll<SVGGraphicsElement>(sel)]
      .filter((el) => ownText(el) && visible(el))
      .map((el) => Math.round(parseFloat(getComputedStyle(el).fontSize) * magnification(el) * 100) / 100);
    return {
      side: figures(html(sideSel)),
      stage: figures(html('.stage')),
      results: figures(html('.compare-results')),
      charts: figures(svgText('.chart-svg text, .ratio-chart svg text, .curve-plot text')),
      labels: figures(svgText('.topology-svg text')),
    };
  }, side);
}
