import { useState } from 'react';
import { LessonsDialog } from './lazy';
import { Part } from './Part';

/** The Lessons… button beside Examples…: the lessons list, loaded when first opened. */
export function LessonsMenu() {
  const [open, setOpen] = useState(false);
  return (
    <div className="file-menu lessons-menu">
      <button type="button" data-testid="lessons" aria-expanded={open} onClick={() => setOpen(!open)}
        title="Guided lessons: a class period on each paper's idea">Lessons…</button>
      {open && (
        <Part what="the lessons" fallback={<div className="popover gallery" role="status">Loading the lessons…</div>}>
          <LessonsDialog onClose={() => setOpen(false)} />
        </Part>
      )}
    </div>
  );
}
