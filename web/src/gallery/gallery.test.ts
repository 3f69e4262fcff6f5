import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleTestId, galleryPath, groupGallery, type GalleryMeta } from './gallery';
import { GALLERY } from './galleryFiles';

const scenario = (name: string, description?: string): GalleryMeta =>
  ({ format: 'scheduler-playground/scenario', name, ...(description ? { description } : {}) });

describe('the gallery', () => {
  it('keeps scenario files, not schemas', () => {
    expect(galleryPath('../../../scenarios/ups/default-random.json')).toBe('ups/default-random.json');
    expect(galleryPath('../../../scenarios/default.json')).toBe('default.json');
    expect(galleryPath('../../../scenarios/scenario.schema.json')).toBeNull();
    expect(galleryPath('../../../scenarios/README.md')).toBeNull();
  });

  it('groups by folder: the top level, presets, ups, tcp, then others; files by name', async () => {
    const metas: Record<string, GalleryMeta> = {
      '../../../scenarios/zoo/a.json': scenario('Zoo'),
      '../../../scenarios/ups/b.json': scenario('B', 'about b'),
      '../../../scenarios/ups/a.json': scenario('A'),
      '../../../scenarios/tcp/x.json': scenario('X'),
      '../../../scenarios/default.json': scenario('Default'),
      '../../../scenarios/presets/p.json': scenario('P'),
      '../../../scenarios/results.schema.json': {},
      '../../../scenarios/ups/broken.json': null, // not JSON
      '../../../scenarios/ups/other.json': { format: 'something-else' },
      '../../../scenarios/ups/unloadable.json': scenario('No loader'),
    };
    const texts = Object.fromEntries(
      Object.keys(metas).filter((k) => !k.endsWith('unloadable.json')).map((k) => [k, () => Promise.resolve(`text of ${k}`)]),
    );
    const groups = groupGallery(metas, texts);
    expect(groups.map((g) => g.folder)).toEqual(['', 'presets', 'ups', 'tcp', 'zoo']);
    expect(groups[2]?.items.map((i) => [i.path, i.name, i.description])).toEqual([
      ['ups/a.json', 'A', ''],
      ['ups/b.json', 'B', 'about b'],
    ]);
    expect(groups[4]?.title).toBe('zoo');
    await expect(groups[2]?.items[1]?.load()).resolves.toBe('text of ../../../scenarios/ups/b.json');
  });

  it('names test ids after the path', () => {
    expect(exampleTestId('ups/default-random.json')).toBe('example-ups/default-random');
  });

  it('lists the repository scenarios, the UPS flagship among them, and loads a file when asked', async () => {
    const ups = GALLERY.find((g) => g.folder === 'ups');
    const item = ups?.items.find((i) => i.path === 'ups/default-random.json');
    const file = readFileSync(new URL('../../../scenarios/ups/default-random.json', import.meta.url), 'utf8');
    expect(item?.name).toBe((JSON.parse(file) as { name: string }).name);
    await expect(item?.load()).resolves.toBe(file);
    expect(GALLERY.flatMap((g) => g.items).every((i) => !i.path.endsWith('.schema.json'))).toBe(true);
  });
});
