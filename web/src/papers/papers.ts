// The Papers view's data: the scoreboard the core generates (web/src/generated/papers.ts, from
// docs/papers/items.json and the claims tagged in scenarios/ and the Rust tests) and the
// loaders of the scenario files its rows open. Pure apart from the bundler's glob.
import { SCOREBOARD, type ItemStatus, type ScoreItem } from '../generated/papers';

export { SCOREBOARD };

/** Every scenario file's text, fetched when a row opens it (a chunk each; sweeps excluded). */
const texts = import.meta.glob<string>(['../../../scenarios/**/*.json', '!../../../scenarios/**/*.schema.json', '!../../../scenarios/**/*.sweep.json'], {
  query: '?raw',
  import: 'default',
});

/** Every sweep file's text (a chunk each), fetched when a row opens it. */
const sweeps = import.meta.glob<string>('../../../scenarios/**/*.sweep.json', { query: '?raw', import: 'default' });

/** The loader of a file under scenarios/ ("ups/default-random.json", "middlebox/a.sweep.json"), or null. */
export function loaderOf(path: string): (() => Promise<string>) | null {
  const key = `../../../scenarios/${path}`;
  return texts[key] ?? sweeps[key] ?? null;
}

/**
 * A sweep file's text with its base scenario written in, as `sched-cli sweep FILE --inline`
 * prints it: what the Sweep tab runs. `base` is the base's path under scenarios/ as the core
 * resolved it for the scoreboard (null: written in already).
 */
export async function inlinedSweep(file: string, base: string | null): Promise<string> {
  const load = loaderOf(file);
  if (!load) throw new Error(`scenarios/${file} is not in the page`);
  const text = await load();
  if (base === null) return text;
  const loadBase = loaderOf(base);
  if (!loadBase) throw new Error(`its base scenario, scenarios/${base}, is not in the page`);
  const spec = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...spec, base: JSON.parse(await loadBase()) as unknown });
}

export const STATUS_LABELS: Readonly<Record<ItemStatus, string>> = {
  held: 'holds',
  differs: 'differs',
  figures: 'figures only',
  unmeasured: 'not measured',
  absent: 'absent',
};

export const STATUS_HINTS: Readonly<Record<ItemStatus, string>> = {
  held: 'every check and test stating it passes (npm test, or the last sched-cli reproduce --record)',
  differs: 'a check states the paper and fails: the file says why, with a measurement',
  figures: 'ours is printed beside the paper\'s; no check states it',
  unmeasured: 'its paper-scale checks have not been run at this version of the file',
  absent: 'no scenario or test claims it yet',
};

/** What a row can open: each scenario or sweep file its claims come from, once. */
export interface RowTarget {
  readonly file: string;
  /** The page can load and run it (a scenario file). */
  readonly inPage: boolean;
  /** CPU seconds the last `reproduce --record` took for it, if recorded. */
  readonly cpuS: number | null;
  readonly paperScale: boolean;
  /** The command that runs it natively. */
  readonly command: string;
  /** A sweep file: its runs (points x seeds) and its base's path under scenarios/ (null: written in). */
  readonly sweep: { readonly runs: number; readonly base: string | null } | null;
  /** CPU seconds it is expected to take: its record's, or a sweep's runs x its base's record. */
  readonly expectedCpuS: number | null;
}

/** Past this (CPU seconds when last measured) a row names the CLI command first. */
export const LONG_S = 60;

/** A row's files: its sweeps first, then its scenarios, each once. */
export function targets(item: ScoreItem): RowTarget[] {
  const seen = new Set<string>();
  const out: RowTarget[] = [];
  for (const c of item.claims) {
    if (c.kind === 'test' || seen.has(c.file)) continue;
    seen.add(c.file);
    const f = SCOREBOARD.files[c.file];
    out.push({
      file: c.file,
      inPage: loaderOf(c.file) !== null && (!f?.sweep || f.base === null || loaderOf(f.base) !== null),
      cpuS: f?.cpu_s ?? null,
      paperScale: f?.paper_scale ?? false,
      command: f?.command ?? `sched-cli run scenarios/${c.file}`,
      sweep: f?.sweep ? { runs: f.runs ?? 0, base: f.base } : null,
      expectedCpuS: f?.expected_cpu_s ?? null,
    });
  }
  // A sweep draws the figure whole: first.
  return [...out.filter((t) => t.sweep), ...out.filter((t) => !t.sweep)];
}

/** "12 s", "3.5 min" of CPU. */
export function cpuText(s: number): string {
  return s < 90 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : `${(s / 60).toFixed(1)} min`;
}
