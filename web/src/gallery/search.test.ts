import { describe, expect, it } from 'vitest';
import type { GalleryGroup, GalleryItem } from './gallery';
import { GALLERY } from './galleryFiles';
import { schedulerNames, searchGallery } from './search';

const item = (path: string, name: string, description: string, schedulers: string[] = []): GalleryItem =>
  ({ path, name, description, schedulers, load: () => Promise.resolve('') });

const GROUPS: GalleryGroup[] = [
  { folder: 'aqm', title: 'Active queue management', items: [item('aqm/lstf-codel.json', 'LSTFCoDel', 'watch epsilon and gamma', ['lstf_codel'])] },
  { folder: 'fq', title: 'Fair queueing', items: [
    item('fq/wfq-equal-weights.json', 'WFQ with equal weights', 'FSC paper Fig. 1(a)', ['fifo', 'wfq']),
    item('fq/drr-fairness.json', 'DRR fairness', 'quantum and deficit', ['drr']),
  ] },
];

describe('gallery search', () => {
  it('finds the scheduler names a file uses: default, per node, per port, nested children', () => {
    const file = {
      default_scheduler: { name: 'fifo' },
      topology: {
        nodes: [{ id: 'r', scheduler: { name: 'wfq', params: { name: 'not a scheduler' } } }],
        links: [{ schedulers: { r: { name: 'strict_priority', children: [{ name: 'sjf' }, { name: 'fifo' }] } } }],
      },
      traffic: [{ name: 'w', kind: 'workload' }],
    };
    expect(schedulerNames(file)).toEqual(['fifo', 'sjf', 'strict_priority', 'wfq']);
    expect(schedulerNames(null)).toEqual([]);
  });

  it('keeps the items holding every word, in any field, any case; drops emptied groups', () => {
    const paths = (q: string) => searchGallery(GROUPS, q).flatMap((g) => g.items.map((i) => i.path));
    expect(paths('')).toEqual(['aqm/lstf-codel.json', 'fq/wfq-equal-weights.json', 'fq/drr-fairness.json']);
    expect(paths('  ')).toHaveLength(3);
    expect(paths('EPSILON')).toEqual(['aqm/lstf-codel.json']); // description
    expect(paths('wfq')).toEqual(['fq/wfq-equal-weights.json']); // name, path, scheduler
    expect(paths('drr')).toEqual(['fq/drr-fairness.json']);
    expect(paths('fair fig')).toEqual(['fq/wfq-equal-weights.json']); // group title + description
    expect(paths('fifo')).toEqual(['fq/wfq-equal-weights.json']); // only in the schedulers
    expect(paths('codel wfq')).toEqual([]);
    expect(searchGallery(GROUPS, 'epsilon').map((g) => g.folder)).toEqual(['aqm']);
  });

  it('the bundled gallery: most examples name their schedulers (others use the default); "lstf_codel" finds the AQM example', () => {
    const items = GALLERY.flatMap((g) => g.items);
    expect(items.length).toBeGreaterThan(50);
    expect(items.filter((i) => i.schedulers.length > 0).length).toBeGreaterThan(items.length / 2);
    expect(searchGallery(GALLERY, 'lstf_codel').flatMap((g) => g.items.map((i) => i.path))).toContain('aqm/lstf-codel.json');
  });
});
