// The scenario files bundled into the page (Vite inlines them as text at build time).
import { groupGallery, type GalleryGroup } from './gallery';

// reproductions/ (the papers' experiments at their scale) run from the CLI, not in the gallery.
const files = import.meta.glob<string>(['../../../scenarios/**/*.json', '!../../../scenarios/**/*.schema.json', '!../../../scenarios/reproductions/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const GALLERY: readonly GalleryGroup[] = groupGallery(files);
