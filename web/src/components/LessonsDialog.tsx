import './lesson.css';
import { useEffect, useRef, useState } from 'react';
import { useController } from '../app/context';
import { LESSONS } from '../lesson/files';
import { lessonSession } from '../lesson/hub';
import { score } from '../lesson/progress';
import { Dialog } from './Dialog';

/** The lessons, with their level, length and the learner's progress; and a teacher's own file. */
export function LessonsDialog({ onClose }: { onClose: () => void }) {
  const controller = useController();
  const file = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, string>>({});
  useEffect(() => {
    void lessonSession(controller).then((s) => {
      const out: Record<string, string> = {};
      for (const l of LESSONS) {
        const p = s.progressOf(l.id);
        const seen = p.step > 0 || Object.keys(p.answers).length > 0;
        if (seen) out[l.id] = `step ${p.step + 1} of ${l.file.steps.length} · ${score(p).done} right`;
      }
      setProgress(out);
    });
  }, [controller]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const open = async (id: string) => {
    const s = await lessonSession(controller);
    const step = s.progressOf(id).step;
    onClose();
    await s.openLink({ kind: 'bundled', id, step });
  };
  const onFile = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    const s = await lessonSession(controller);
    if (await s.openFile(`"${f.name}"`, await f.text())) onClose();
    else setProblem(s.get().error);
  };
  return (
    <Dialog label="Lessons" testId="lessons-dialog" className="gallery lessons" onClose={onClose}>
      <p className="muted hint-text">Each lesson walks a class through one paper's idea: predict, run, look. Your answers stay in this browser.</p>
      <ul className="lesson-list">
        {LESSONS.map((l) => (
          <li key={l.id}>
            <button type="button" className="gallery-item" data-testid={`lesson-${l.id}`} onClick={() => void open(l.id)}>
              <span className="gallery-name">{l.file.name}</span>
              <span className="gallery-file">
                {l.file.level} · {l.file.minutes} min · {l.file.steps.length} steps{progress[l.id] ? ` · ${progress[l.id]}` : ''}
              </span>
              <span className="gallery-desc">{l.file.summary}</span>
            </button>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" data-testid="lesson-open-file" onClick={() => file.current?.click()}>Open a lesson file…</button>
        <input ref={file} type="file" accept=".json,application/json" hidden data-testid="lesson-file" onChange={(e) => void onFile(e.currentTarget)} />
        <span className="muted small"> A teacher's own <code>.lesson.json</code> (format: scenarios/lesson.schema.json).</span>
      </p>
      {problem && <p className="note error" role="alert" data-testid="lesson-file-error">{problem}</p>}
    </Dialog>
  );
}
