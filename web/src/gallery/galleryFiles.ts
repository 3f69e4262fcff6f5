// The scenario files of the gallery. The page bundles each file's format, name and description
// (web/galleryMeta.ts); a file's text is a chunk of its own, fetched when the file is chosen, so
// the page's main script does not grow with the gallery.
import { groupGallery, type GalleryGroup, type GalleryMeta } from './gallery';

// reproductions/ (the papers' experiments at their scale) run from the CLI, not in the gallery,
// except UPS Table 1's default row: the page runs it (minutes, with progress).
const metas = import.meta.glob<GalleryMeta>(['../../../scenarios/**/*.json', '!../../../scenarios/**/*.schema.json', '!../../../scenarios/reproductions/**'], {
  query: '?gallery-meta',
  import: 'default',
  eager: true,
});
const texts = import.meta.glob<string>(['../../../scenarios/**/*.json', '!../../../scenarios/**/*.schema.json', '!../../../scenarios/reproductions/**'], {
  query: '?raw',
  import: 'default',
});

const paperMetas = import.meta.glob<GalleryMeta>('../../../scenarios/reproductions/ups-table1/default.json', { query: '?gallery-meta', import: 'default', eager: true });
const paperTexts = import.meta.glob<string>('../../../scenarios/reproductions/ups-table1/default.json', { query: '?raw', import: 'default' });

export const GALLERY: readonly GalleryGroup[] = groupGallery({ ...metas, ...paperMetas }, { ...texts, ...paperTexts });
