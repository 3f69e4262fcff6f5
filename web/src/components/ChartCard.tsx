import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useController } from '../app/context';
import type { Provenance } from '../share/provenance';
import type { Chart } from '../view/charts/chart';

export interface ChartCardProps<C extends Chart, D> {
  /** Names the card, its exports ("fct-cdf.svg") and its test ids. */
  readonly id: string;
  readonly title: string;
  /** Creates the chart in its container (a stable function: the chart is made once). */
  readonly make: (el: HTMLElement) => C;
  /** Gives the chart its data (a stable function); runs again whenever `data` changes. */
  readonly draw: (chart: C, data: D) => void;
  readonly data: D;
  /** For a chart that follows the playhead: moves it to `t` (a stable function). */
  readonly follow?: (chart: C, t: number) => void;
  readonly t?: number;
  /** Controls beside the title (a port or flow to show). */
  readonly controls?: ReactNode;
  /** A line under the chart. */
  readonly note?: ReactNode;
  /** What the exports came from, when not the run or comparison on screen (a sweep's). */
  readonly provenance?: (shows: string) => Provenance;
}

/** One chart of the results board: title, controls, the D3 chart, and SVG and PNG exports. */
export function ChartCard<C extends Chart, D>({ id, title, make, draw, data, follow, t, controls, note, provenance }: ChartCardProps<C, D>) {
  const controller = useController();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<C | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!ref.current) return;
    const c = make(ref.current);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [make]);

  useEffect(() => {
    if (chart.current) draw(chart.current, data);
  }, [make, draw, data]);

  useEffect(() => {
    if (chart.current && follow && t !== undefined) follow(chart.current, t);
  }, [follow, t, data]);

  const exportSvg = () => {
    const c = chart.current;
    if (c) controller.exportAs(`${id}.svg`, title, c.svgText(), provenance?.(title));
  };
  const exportPng = async () => {
    const c = chart.current;
    if (!c) return;
    try {
      controller.exportAs(`${id}.png`, title, new Uint8Array(await (await c.png()).arrayBuffer()), provenance?.(title));
      setProblem(null);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section className="chart-card" data-testid={`card-${id}`} aria-label={title}>
      <header>
        <h3>{title}</h3>
        {controls}
        <span className="spacer" />
        <button type="button" className="small" data-testid={`export-svg-${id}`} title={`Save this chart as an SVG file`} onClick={exportSvg}>SVG</button>
        <button type="button" className="small" data-testid={`export-png-${id}`} title={`Save this chart as a PNG image`} onClick={() => void exportPng()}>PNG</button>
      </header>
      <div className="chart" ref={ref} />
      {note && <p className="note">{note}</p>}
      {problem && <p className="note error" role="alert">{problem}</p>}
    </section>
  );
}
