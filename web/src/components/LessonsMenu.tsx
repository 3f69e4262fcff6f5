import { lazy, Suspense, useState } from 'react';

const LessonsDialog = lazy(() => import('./LessonsDialog').then((m) => ({ default: m.LessonsDialog })));

/** The Lessons… button beside Examples…: the lessons list, loaded when first opened. */
export function LessonsMenu() {
  const [open, setOpen] = useState(false);
  return (
    <div className="file-menu lessons-menu">
      <button type="button" data-testid="lessons" aria-expanded={open} onClick={() => setOpen(!open)}
        title="Guided lessons: a class period on each paper's idea">Lessons…</button>
      {open && (
        <Suspense fallback={<div className="popover gallery" role="status">Loading the lessons…</div>}>
          <LessonsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
