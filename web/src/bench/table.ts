// The benchmark page's table: pure formatting, no DOM (tested in table.test.ts).

/** The TCP benchmarks: minutes in wasm, so not selected by default; they run last. */
export const TCP_BENCHMARKS: readonly string[] = ['dumbbell-10g-16', 'dumbbell-10g-1024'];

/** Runs after the first that the page offers (the first run pays for V8's compiling). */
export const LATER_RUNS: readonly number[] = [0, 1, 2, 3, 5];

/** What the bench worker reports for one benchmark. */
export interface BenchResult {
  name: string;
  events: number;
  /** Sum of summary.flows[].delivered: data packets (ACKs excluded), as `sched-cli bench`. */
  delivered: number;
  /** The first run's wall time, s (V8 compiles the module's hot functions while it runs). */
  firstWallS: number;
  /** The later runs' wall times, s, in the same worker and module (empty: the first only). */
  laterWallS: number[];
  /** The module's linear memory after the runs (bytes), or null when it was not reachable. */
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
  'first run, s',
  'later runs, s (median)',
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

/** The median (the mean of the middle two of an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const at = (i: number) => s[i] ?? Number.NaN;
  return s.length % 2 === 1 ? at(m) : (at(m - 1) + at(m)) / 2;
}

/**
 * The cells of one table row, in COLUMNS order. The rates are over the later runs' median
 * (compiled code, as a long run in the page spends most of its time), or over the first run
 * when it ran alone.
 */
export function formatRow(r: BenchResult): string[] {
  const later = median(r.laterWallS);
  const wall = r.laterWallS.length > 0 ? later : r.firstWallS;
  const perS = (n: number) => (wall > 0 ? rate(n / wall) : '-');
  return [
    r.name,
    String(r.events),
    String(r.delivered),
    r.firstWallS.toFixed(3),
    r.laterWallS.length > 0 ? `${later.toFixed(3)} (${r.laterWallS.length})` : '-',
    perS(r.events),
    perS(r.delivered),
    r.memoryBytes === null ? '-' : `${(r.memoryBytes / 2 ** 20).toFixed(1)} MiB`,
    r.traceHash.slice(0, 16),
  ];
}
