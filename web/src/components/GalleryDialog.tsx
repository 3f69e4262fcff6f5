import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useController } from '../app/context';
import { exampleTestId, type GalleryItem } from '../gallery/gallery';
import { GALLERY } from '../gallery/galleryFiles';
import { searchGallery } from '../gallery/search';
import { Dialog } from './Dialog';

/** Descriptions longer than this are cut to two lines until expanded. */
const LONG = 180;

/**
 * Every scenario file of the repository, by folder; choosing one loads it (undoable) and runs it.
 * A search box narrows the list (name, description, group, file, schedulers; Enter opens the
 * first match, Down moves to the list); a long description opens in full with "More".
 */
export function GalleryDialog({ onClose }: { onClose: () => void }) {
  const controller = useController();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const list = useRef<HTMLDivElement>(null);
  const countId = useId();
  const groups = useMemo(() => searchGallery(GALLERY, query), [query]);
  const matches = groups.reduce((n, g) => n + g.items.length, 0);
  const open = (item: GalleryItem) => {
    onClose();
    void controller.openExample(item.path, item.load);
  };
  const toggle = (path: string) => setExpanded((s) => {
    const next = new Set(s);
    if (!next.delete(path)) next.add(path);
    return next;
  });
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const first = groups[0]?.items[0];
    if (e.key === 'Enter' && first && query.trim() !== '') {
      e.preventDefault();
      open(first);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list.current?.querySelector<HTMLButtonElement>('button.gallery-item')?.focus();
    }
  };
  return (
    <Dialog label="Examples" testId="gallery" className="gallery" onClose={onClose}>
      <p className="muted hint-text">Loads the scenario as your draft (Undo brings yours back) and runs it.</p>
      <div className="gallery-search">
        <input type="search" data-testid="gallery-search" aria-label="Search the examples" aria-describedby={countId} data-autofocus
          placeholder="Search: name, paper, scheduler (e.g. wfq, codel, aifo theorem)" value={query}
          onChange={(e) => setQuery(e.target.value)} onKeyDown={onSearchKey} />
        <span id={countId} className="muted small" role="status" data-testid="gallery-count">
          {query.trim() === '' ? `${matches} examples` : `${matches} of ${GALLERY.reduce((n, g) => n + g.items.length, 0)} match`}
        </span>
      </div>
      <div ref={list}>
        {matches === 0 && (
          <p className="gallery-none" data-testid="gallery-none">
            No example matches &ldquo;{query.trim()}&rdquo;. Try fewer words, or a scheduler&apos;s name (fifo, wfq, codel, lstf).
          </p>
        )}
        {groups.map((g) => (
          <section key={g.folder} className="gallery-group" aria-label={g.title}>
            <h4>{g.title} <span className="muted">{g.folder ? `scenarios/${g.folder}/` : 'scenarios/'}</span></h4>
            <ul>
              {g.items.map((item) => {
                const long = item.description.length > LONG;
                const full = expanded.has(item.path);
                return (
                  <li key={item.path} className="gallery-entry">
                    <button type="button" className="gallery-item" data-testid={exampleTestId(item.path)} onClick={() => open(item)}>
                      <span className="gallery-name">{item.name}</span>
                      <span className="gallery-file">{item.path}</span>
                    </button>
                    {item.description && (
                      <p className={`gallery-desc${long && !full ? ' cut' : ''}`} data-testid={`${exampleTestId(item.path)}-desc`}>
                        {item.description}
                      </p>
                    )}
                    {long && (
                      <button type="button" className="link-button gallery-more" aria-expanded={full}
                        data-testid={`${exampleTestId(item.path)}-more`} onClick={() => toggle(item.path)}>
                        {full ? 'Less' : 'More'}
                        <span className="sr-only"> about {item.name}</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
