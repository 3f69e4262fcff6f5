// A comparison's variants in words (the Compare tab's labels, the compare view's legend): a
// module apart from compareSetup.ts, which the first paint needs (restoring the stored setup)
// while the labels load with the comparison (issue 20).
import type { CompareSetup, CompareVariant } from './compareSetup';

/** A scheduler id to the name the page shows (the registry's display name). */
export type SchedulerName = (id: string) => string;

/**
 * A rank program (several lines) in a few words: its first comment line up to a colon or full
 * stop ("STFQ" for "# STFQ: ..."), else "a program of N lines"; any other text as it is.
 */
function programTitle(text: string): string {
  if (!text.includes('\n')) return text;
  const first = text.split('\n')[0] ?? '';
  const title = first.startsWith('#') ? first.replace(/^#\s*/, '').split(/[:.]/)[0]?.trim() : '';
  return title || `a program of ${text.trim().split('\n').length} lines`;
}

/** "LSTF", "FIFO (drop=head)", "SJF on r1, r2", "MR3 at the CPU": a variant in a few words, its scheduler by `name`. */
export function variantLabel(v: CompareVariant, name: SchedulerName = (id) => id): string {
  const s = v.scheduler;
  const params = Object.entries(s.params ?? {}).map(([k, x]) => `${k}=${typeof x === 'string' ? programTitle(x) : JSON.stringify(x)}`);
  const children = (s.children ?? []).map((c) => name(c.name));
  const detail = [...params, ...(children.length > 0 ? [`classes: ${children.join(', ')}`] : [])];
  const where = v.cpu
    ? ` at ${v.routers === null ? 'the' : `${v.routers.join(', ')}'s`} CPU`
    : v.routers === null ? '' : ` on ${v.routers.join(', ')}`;
  return `${name(s.name)}${detail.length > 0 ? ` (${detail.join(', ')})` : ''}${where}${objectiveLabel(v)}`;
}

/** " + slack flow_size, Edge-CoDel": what a variant changes of UPS's objectives, if anything. */
function objectiveLabel(v: CompareVariant): string {
  const parts: string[] = [];
  if (v.slack === null) parts.push('no slack rule');
  if (v.slack) {
    const rules = [v.slack.default, ...Object.values(v.slack.classes ?? {}), ...Object.values(v.slack.flows ?? {})];
    const names = [...new Set(rules.flatMap((r) => (r ? [r.policy] : [])))];
    parts.push(`slack ${names.join('/') || 'none'}`);
  }
  if (v.edge_codel === null) parts.push('no Edge-CoDel');
  if (v.edge_codel) parts.push('Edge-CoDel');
  return parts.length > 0 ? ` + ${parts.join(', ')}` : '';
}

/** Labels of a setup, made distinct ("fifo", "fifo #2") when two variants read the same. */
export function variantLabels(setup: CompareSetup, name?: SchedulerName): string[] {
  const seen = new Map<string, number>();
  return setup.variants.map((v) => {
    const label = variantLabel(v, name);
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} #${n}`;
  });
}
