// The benchmark page's table: pure formatting, no DOM (tested in table.test.ts).

/** The TCP benchmarks: minutes in wasm, so not selected by default; they run last. */
export const TCP_BENCHMARKS: readonly string[] = ['dumbbell-10g-16', 'dumbbell-10g-1024'];

/** What the bench worker reports for one benchmark. */
export interface BenchResult {
  name: string;
  events: number;
  /** Sum of summary.flows[].delivered: data packets (ACKs excluded), as `sched-cli bench`. */
  delivered: number;
  wallS: number;
  /** The module's linear memory after the run (bytes), or null when it was not reachable. */
  memoryBytes: number | null;
  traceHash: string;
}

/** Benchmark names from the files' paths (".../NAME.json"), in the CLI's run order: UDP, then TCP. */
export function benchmarkOrder(paths: readonly string[]): string[] {
  const names = paths.map((p) => p.replace(/^.*\//, '').replace(/\.json$/, ''));
  const udp = names.filter((n) => !TCP_BENCHMARKS.includes(n)).sort();
  const tcp = TCP_BENCHMARKS.filter((n) => names.includes(n));
  return [...udp, ...tcp];
}

export const COLUMNS: readonly string[] = [
  'benchmark',
  'events',
  'data packets',
  'wall s',
  'events/s',
  'data packets/s',
  'wasm memory',
  'trace hash',
];

/** A rate with an SI suffix: 4.93 M, 152 k. */
export function rate(x: number): string {
  if (!Number.isFinite(x)) return '-';
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(0)} k`;
  return x.toFixed(0);
}

/** The cells of one table row, in COLUMNS order. */
export function formatRow(r: BenchResult): string[] {
  const perS = (n: number) => (r.wallS > 0 ? rate(n / r.wallS) : '-');
  return [
    r.name,
    String(r.events),
    String(r.delivered),
    r.wallS.toFixed(3),
    perS(r.events),
    perS(r.delivered),
    r.memoryBytes === null ? '-' : `${(r.memoryBytes / 2 ** 20).toFixed(1)} MiB`,
    r.traceHash.slice(0, 16),
  ];
}
