// Searching the gallery (issue 37): a teacher types "wfq", "codel fig", "aifo theorem" and sees
// the examples whose name, description, group, file path or schedulers hold every word.
// Pure; web/galleryMeta.ts takes the scheduler names out of each file at build time.
import type { GalleryGroup, GalleryItem } from './gallery';

/** Keys whose values are scheduler specs (`{name, params?, children?}`), or maps / lists of them. */
const SPEC_KEYS = new Set(['default_scheduler', 'scheduler', 'schedulers', 'children']);

/** Every scheduler name a scenario file uses (default, per node, per port, nested), sorted, once each. */
export function schedulerNames(file: unknown): string[] {
  const names = new Set<string>();
  const specs = (v: unknown, depth: number): void => {
    if (depth > 12 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (const x of v) specs(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string') {
      names.add(o.name);
      specs(o.children, depth + 1);
      return;
    }
    for (const x of Object.values(o)) specs(x, depth + 1); // a map: port -> spec
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12 || typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (SPEC_KEYS.has(k)) specs(x, depth + 1);
      else walk(x, depth + 1);
    }
  };
  walk(file, 0);
  return [...names].sort();
}

/** The query's words, lower case. */
export const queryWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter((w) => w !== '');

/** Whether every word is in the item's name, description, file path, schedulers or its group's title. */
export function itemMatches(item: GalleryItem, groupTitle: string, words: readonly string[]): boolean {
  const text = [item.name, item.description, item.path, groupTitle, ...item.schedulers].join('\n').toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The groups with only the items that match `query` (groups left empty dropped); all of them for a blank query. */
export function searchGallery(groups: readonly GalleryGroup[], query: string): GalleryGroup[] {
  const words = queryWords(query);
  if (words.length === 0) return [...groups];
  return groups
    .map((g) => ({ ...g, items: g.items.filter((item) => itemMatches(item, `${g.title}\n${g.folder}`, words)) }))
    .filter((g) => g.items.length > 0);
}
