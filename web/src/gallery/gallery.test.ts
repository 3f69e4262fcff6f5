import { describe, expect, it } from 'vitest';
import { exampleTestId, galleryPath, groupGallery } from './gallery';
import { GALLERY } from './galleryFiles';

const scenario = (name: string, description?: string) =>
  JSON.stringify({ format: 'scheduler-playground/scenario', version: 1, name, ...(description ? { description } : {}) });

describe('the gallery', () => {
  it('keeps scenario files, not schemas', () => {
    expect(galleryPath('../../../scenarios/ups/default-random.json')).toBe('ups/default-random.json');
    expect(galleryPath('../../../scenarios/default.json')).toBe('default.json');
    expect(galleryPath('../../../scenarios/scenario.schema.json')).toBeNull();
    expect(galleryPath('../../../scenarios/README.md')).toBeNull();
  });

  it('groups by folder: the top level, presets, ups, tcp, then others; files by name', () => {
    const groups = groupGallery({
      '../../../scenarios/zoo/a.json': scenario('Zoo'),
      '../../../scenarios/ups/b.json': scenario('B', 'about b'),
      '../../../scenarios/ups/a.json': scenario('A'),
      '../../../scenarios/tcp/x.json': scenario('X'),
      '../../../scenarios/default.json': scenario('Default'),
      '../../../scenarios/presets/p.json': scenario('P'),
      '../../../scenarios/results.schema.json': '{}',
      '../../../scenarios/ups/broken.json': '{ not json',
      '../../../scenarios/ups/other.json': JSON.stringify({ format: 'something-else' }),
    });
    expect(groups.map((g) => g.folder)).toEqual(['', 'presets', 'ups', 'tcp', 'zoo']);
    expect(groups[2]?.items.map((i) => [i.path, i.name, i.description])).toEqual([
      ['ups/a.json', 'A', ''],
      ['ups/b.json', 'B', 'about b'],
    ]);
    expect(groups[4]?.title).toBe('zoo');
  });

  it('names test ids after the path', () => {
    expect(exampleTestId('ups/default-random.json')).toBe('example-ups/default-random');
  });

  it('bundles the repository scenarios, the UPS flagship among them', () => {
    const ups = GALLERY.find((g) => g.folder === 'ups');
    expect(ups?.items.map((i) => i.path)).toContain('ups/default-random.json');
    expect(GALLERY.flatMap((g) => g.items).every((i) => !i.path.endsWith('.schema.json'))).toBe(true);
  });
});
