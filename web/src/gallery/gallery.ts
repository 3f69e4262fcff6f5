// The scenario gallery: every scenario file of the repository (scenarios/**.json, schemas
// excluded), grouped by folder, with its name and description; a file's text is loaded when it
// is chosen. Pure; galleryFiles.ts feeds it what Vite bundles (each file's format, name and
// description) and the loaders of the files' texts.

export interface GalleryItem {
  /** Path under scenarios/, e.g. "ups/default-random.json". */
  readonly path: string;
  readonly name: string;
  readonly description: string;
  /** The schedulers the file uses (search.ts finds examples by them). */
  readonly schedulers: readonly string[];
  /** The file's text (fetched on the first call). */
  readonly load: () => Promise<string>;
}

/** What the page bundles of a file (web/galleryMeta.ts): its fields, or null when not JSON. */
export type GalleryMeta = { format?: unknown; name?: unknown; description?: unknown; schedulers?: unknown } | null;

export interface GalleryGroup {
  /** Folder under scenarios/ ("" for the top level). */
  readonly folder: string;
  readonly title: string;
  readonly items: readonly GalleryItem[];
}

/** Known folders first, in this order; others after them, alphabetically. */
const ORDER = ['', 'compare', 'queues', 'presets', 'ups', 'reproductions/ups-table1', 'ups-theory', 'tcp', 'aqm', 'fq', 'curves', 'programmable', 'middlebox'];
const TITLES: Record<string, string> = {
  '': 'Start here',
  compare: 'Compare schedulers on the same traffic',
  queues: 'How schedulers order a queue',
  presets: 'Topology presets',
  ups: 'UPS: schedule replay (Table 1)',
  'reproductions/ups-table1': 'UPS Table 1 at the paper\'s scale (the default row: about a million packets, minutes in the page)',
  'ups-theory': 'UPS theory: the appendix\'s counterexamples, step by step',
  tcp: 'TCP transports',
  aqm: 'Active queue management: CoDel, FQ-CoDel, RED, LSTFCoDel',
  fq: 'Fair queueing, round robin, strict priority and buffer management',
  curves: 'Service curves: SCED and FSC (the FSC paper)',
  programmable: 'Programmable scheduling: PIFO, SP-PIFO, AIFO (AIFO paper Fig. 2, Theorems 1-2, reordering)',
  middlebox: 'Middleboxes: a CPU stage before the link, DRFQ and MR3 (the MR-tradeoff paper)',
};

/** "../../../scenarios/ups/x.json" (a glob key) -> "ups/x.json"; null for schemas and non-JSON. */
export function galleryPath(key: string): string | null {
  const m = /(?:^|\/)scenarios\/(.+\.json)$/.exec(key);
  if (!m || m[1] === undefined || m[1].endsWith('.schema.json')) return null;
  return m[1];
}

function describe(path: string, v: GalleryMeta, load: () => Promise<string>): GalleryItem | null {
  if (v?.format !== 'scheduler-playground/scenario') return null;
  const file = path.split('/').pop() ?? path;
  return {
    path,
    name: typeof v.name === 'string' && v.name ? v.name : file,
    description: typeof v.description === 'string' ? v.description : '',
    schedulers: Array.isArray(v.schedulers) ? v.schedulers.filter((x): x is string => typeof x === 'string') : [],
    load,
  };
}

/**
 * Groups files (glob key -> what the page bundles of it, and glob key -> the loader of its text)
 * by folder; items sorted by file name. Files that are not scenarios, or have no loader, are
 * skipped.
 */
export function groupGallery(
  metas: Readonly<Record<string, GalleryMeta>>,
  texts: Readonly<Record<string, () => Promise<string>>>,
): GalleryGroup[] {
  const groups = new Map<string, GalleryItem[]>();
  for (const [key, meta] of Object.entries(metas)) {
    const path = galleryPath(key);
    const load = texts[key];
    if (path === null || !load) continue;
    const item = describe(path, meta, load);
    if (!item) continue;
    const slash = path.lastIndexOf('/');
    const folder = slash < 0 ? '' : path.slice(0, slash);
    const list = groups.get(folder) ?? [];
    list.push(item);
    groups.set(folder, list);
  }
  const rank = (f: string) => {
    const i = ORDER.indexOf(f);
    return i < 0 ? ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([folder, items]) => ({
      folder,
      title: TITLES[folder] ?? folder,
      items: items.sort((a, b) => a.path.localeCompare(b.path)),
    }));
}

/** A test id for an item: "example-ups/default-random". */
export const exampleTestId = (path: string): string => `example-${path.replace(/\.json$/, '')}`;
