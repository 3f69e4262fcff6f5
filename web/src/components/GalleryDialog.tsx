import { useController } from '../app/context';
import { exampleTestId, type GalleryItem } from '../gallery/gallery';
import { GALLERY } from '../gallery/galleryFiles';
import { Dialog } from './Dialog';

/** Every scenario file of the repository, by folder; choosing one loads it (undoable) and runs it. */
export function GalleryDialog({ onClose }: { onClose: () => void }) {
  const controller = useController();
  const open = (item: GalleryItem) => {
    onClose();
    void controller.openExample(item.path, item.load);
  };
  return (
    <Dialog label="Examples" testId="gallery" className="gallery" onClose={onClose}>
      <p className="muted hint-text">Loads the scenario as your draft (Undo brings yours back) and runs it.</p>
      {GALLERY.map((g) => (
        <section key={g.folder} className="gallery-group" aria-label={g.title}>
          <h4>{g.title} <span className="muted">{g.folder ? `scenarios/${g.folder}/` : 'scenarios/'}</span></h4>
          <ul>
            {g.items.map((item) => (
              <li key={item.path}>
                <button type="button" className="gallery-item" data-testid={exampleTestId(item.path)} onClick={() => open(item)}>
                  <span className="gallery-name">{item.name}</span>
                  <span className="gallery-file">{item.path}</span>
                  {item.description && <span className="gallery-desc">{item.description}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
