import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { schedulerNames } from './src/gallery/search';

const QUERY = '?gallery-meta';
const PREFIX = '\0gallery-meta:';
const SUFFIX = '.meta';

/**
 * The gallery's index without its files: `import m from './x.json?gallery-meta'` is the file's
 * `{format, name, description, schedulers}` (the names of the schedulers it uses; null when it
 * is not JSON), so the page bundles what the
 * gallery lists and fetches a file's text (`?raw`, a chunk of its own) only when it is chosen.
 * Used by the page's and the unit tests' configs.
 */
export function galleryMeta(): Plugin {
  return {
    name: 'gallery-meta',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const file = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      // A virtual id not ending in .json, so that the JSON plugin leaves it alone.
      return file ? PREFIX + file.id + SUFFIX : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX) || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      let meta: unknown = null;
      try {
        const v = JSON.parse(await readFile(file, 'utf8')) as { format?: unknown; name?: unknown; description?: unknown };
        meta = { format: v.format, name: v.name, description: v.description, schedulers: schedulerNames(v) };
      } catch {
        // Not JSON: the gallery skips it.
      }
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}
