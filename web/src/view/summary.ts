// The results summary table: per run, the headline numbers the papers compare (mean and p99
// FCT of small and large flows, as pFabric and AIFO group them; mean and p99 per-packet delay;
// drops; packets out of order at receivers; completed flows; at the bottleneck, the queueing delay's mean and standard deviation
// (CoDel against LSTFCoDel) and the utilisation), each read from the core's results,
// with the best of each column marked, and the same table as CSV. Pure, no DOM.
import type { RunSummary } from '../sim/types';
import { formatDuration } from './format';
import { portLabel } from './labels';

export interface SummaryColumn {
  readonly id: string;
  readonly title: string;
  /** CSV header, with the unit. */
  readonly csv: string;
  readonly unit: 'ns' | 'count' | 'fraction';
  /** Which end is best. */
  readonly better: 'low' | 'high';
  readonly value: (s: RunSummary) => number | null;
  /** The text of a cell (units included). */
  readonly text: (s: RunSummary) => string;
}

/**
 * The port the table and the queue chart read: the busiest of the run by the core's utilisation
 * (the lowest index on a tie); null without ports. Not the link a workload was calibrated on:
 * on a multi-tier network that is often a quiet host link (leaf-spine's leaf0 -> h0_0 at 5%).
 */
export function bottleneckPort(s: RunSummary): number | null {
  let best: number | null = null;
  s.ports.forEach((p, i) => {
    if (best === null || p.stats.utilization > (s.ports[best]?.stats.utilization ?? 0)) best = i;
  });
  return best;
}

const dur = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatDuration(v));

/** The table's columns; the utilisation column reads the bottleneck port of `first` in every run (one network). */
export function summaryColumns(first: RunSummary): SummaryColumn[] {
  const port = bottleneckPort(first);
  const ns = (id: string, title: string, csv: string, value: (s: RunSummary) => number | null | undefined): SummaryColumn => ({
    id, title, csv, unit: 'ns', better: 'low', value: (s) => value(s) ?? null, text: (s) => dur(value(s)),
  });
  const columns: SummaryColumn[] = [
    ns('small-mean', 'small flows (≤ 100 KB): mean FCT', 'small_flows_mean_fct_ns', (s) => s.fct.small.stats.mean_ns),
    ns('small-p99', 'small flows: p99 FCT', 'small_flows_p99_fct_ns', (s) => s.fct.small.stats.p99_ns),
    ns('large-mean', 'large flows (≥ 1 MB): mean FCT', 'large_flows_mean_fct_ns', (s) => s.fct.large.stats.mean_ns),
    ns('large-p99', 'large flows: p99 FCT', 'large_flows_p99_fct_ns', (s) => s.fct.large.stats.p99_ns),
    ns('delay-mean', 'packet delay: mean', 'delay_mean_ns', (s) => s.delay?.mean),
    ns('delay-p99', 'packet delay: p99', 'delay_p99_ns', (s) => s.delay?.p99),
    {
      id: 'drops', title: 'drops', csv: 'dropped_packets', unit: 'count', better: 'low',
      value: (s) => s.totals.dropped, text: (s) => s.totals.dropped.toLocaleString('en'),
    },
    {
      id: 'out-of-order', title: 'packets out of order', csv: 'out_of_order_packets', unit: 'count', better: 'low',
      value: (s) => s.flows.reduce((a, f) => a + f.out_of_order, 0),
      text: (s) => s.flows.reduce((a, f) => a + f.out_of_order, 0).toLocaleString('en'),
    },
    {
      id: 'completed', title: 'flows completed', csv: 'completed_fraction', unit: 'fraction', better: 'high',
      value: (s) => (s.fct.all.flows > 0 ? s.fct.all.completed / s.fct.all.flows : null),
      text: (s) => (s.fct.all.flows > 0 ? `${s.fct.all.completed.toLocaleString('en')} of ${s.fct.all.flows.toLocaleString('en')}` : '—'),
    },
  ];
  if (first.flows.some((f) => f.bursts > 0)) {
    // Periodic ON-OFF sources (the FSC paper's bursts): the mean over every burst of the run.
    columns.push(ns('burst-mean', 'ON-OFF bursts: mean burst delay', 'burst_delay_mean_ns', (s) => {
      const withDelay = s.flows.filter((f) => f.bursts > 0 && f.burst_delay_mean_ns != null);
      const n = withDelay.reduce((a, f) => a + f.bursts, 0);
      return n > 0 ? withDelay.reduce((a, f) => a + (f.burst_delay_mean_ns ?? 0) * f.bursts, 0) / n : null;
    }));
  }
  if (port !== null) {
    const at = portLabel(first, port);
    const wait = (s: RunSummary) => s.ports[port]?.stats.wait;
    columns.push(
      ns('wait-mean', `queueing delay at ${at}: mean`, 'bottleneck_wait_mean_ns', (s) => wait(s)?.mean_ns),
      ns('wait-std', `queueing delay at ${at}: std dev`, 'bottleneck_wait_std_ns', (s) => wait(s)?.std_ns),
    );
    const util = (s: RunSummary) => s.ports[port]?.stats.utilization ?? null;
    columns.push({
      id: 'utilisation', title: `utilisation, ${at}`, csv: 'bottleneck_utilisation', unit: 'fraction', better: 'high',
      value: util, text: (s) => { const u = util(s); return u === null ? '—' : `${(u * 100).toFixed(1)}%`; },
    });
  }
  return columns;
}

/**
 * Which values are best: none when fewer than two runs have a value or all are the same, since
 * nothing is better then. Values that read the same (`texts`, as the table prints them) tie:
 * a difference the table does not show is not marked.
 */
export function bestOf(values: readonly (number | null)[], better: 'low' | 'high', texts: readonly string[] = values.map(String)): boolean[] {
  const present = values.flatMap((v, i) => (v !== null && Number.isFinite(v) ? [{ v, text: texts[i] }] : []));
  if (present.length < 2) return values.map(() => false);
  const best = present.reduce((a, b) => ((better === 'low' ? b.v < a.v : b.v > a.v) ? b : a));
  if (present.every((p) => p.text === best.text)) return values.map(() => false);
  return values.map((v, i) => v !== null && texts[i] === best.text);
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of text as CSV (RFC 4180), a header row first. */
export function tableCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

/** The table as CSV: one row per run, raw values in the unit its header names (empty: none). */
export function summaryCsv(runs: readonly { label: string; summary: RunSummary }[], columns: readonly SummaryColumn[]): string {
  const head = ['scheduler', 'trace_hash', ...columns.map((c) => c.csv)];
  const rows = runs.map((r) => [
    r.label, r.summary.trace_hash, ...columns.map((c) => { const v = c.value(r.summary); return v === null ? '' : String(v); }),
  ]);
  return tableCsv([head, ...rows]);
}

/** Every flow of a run as CSV: what the core reports per flow, times in ns, sizes in bytes. */
export function flowsCsv(s: RunSummary): string {
  const head = [
    'flow', 'kind', 'transport', 'src', 'dst', 'size_bytes', 'start_ns', 'sent', 'delivered', 'dropped', 'bytes_delivered',
    'retransmits', 'timeouts', 'fct_ns', 'ideal_fct_ns', 'slowdown', 'hops', 'delay_mean_ns', 'delay_p99_ns',
    'bursts', 'burst_delay_mean_ns', 'out_of_order',
  ];
  const opt = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const rows = s.flows.map((f) => [
    f.id, f.kind, f.transport, s.nodes[f.src]?.id ?? String(f.src), s.nodes[f.dst]?.id ?? String(f.dst), opt(f.size), String(f.start_ns),
    String(f.sent), String(f.delivered), String(f.dropped), String(f.bytes_delivered), String(f.retransmits), String(f.timeouts),
    opt(f.fct_ns), opt(f.ideal_fct_ns), opt(f.slowdown), String(f.hops), opt(f.delay_ns?.mean), opt(f.delay_ns?.p99),
    String(f.bursts), opt(f.burst_delay_mean_ns), String(f.out_of_order),
  ]);
  return tableCsv([head, ...rows]);
}
