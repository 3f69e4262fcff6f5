import { useEffect, useState } from 'react';
import { useAppState, useController } from '../app/context';
import type { LessonStepRef } from '../lesson/files';
import { lessonSession } from '../lesson/hub';

const nameOf = (scenarioText: string): string | null => {
  try {
    const n = (JSON.parse(scenarioText) as { name?: unknown }).name;
    return typeof n === 'string' ? n : null;
  } catch {
    return null;
  }
};

/**
 * The lessons that walk through the run's scripted schedule (UPS App. A's figures): a link to
 * each at its first step on this scenario. The lessons list loads only for a scripted run.
 */
export function LessonLinks() {
  const controller = useController();
  const run = useAppState((s) => s.run);
  const name = run?.result.summary.schedule ? nameOf(run.scenarioText) : null;
  const [refs, setRefs] = useState<readonly LessonStepRef[]>([]);
  useEffect(() => {
    let live = true;
    setRefs([]);
    if (name) void import('../lesson/files').then((f) => f.lessonsOpening(name)).then((r) => live && setRefs(r));
    return () => {
      live = false;
    };
  }, [name]);
  if (refs.length === 0) return null;
  const open = (r: LessonStepRef) => void lessonSession(controller).then((s) => s.openLink({ kind: 'bundled', id: r.id, step: r.step }));
  return (
    <p className="lesson-links" data-testid="lesson-links">
      <span className="muted small">Walk through this schedule:</span>{' '}
      {refs.map((r) => (
        <button type="button" key={r.id} className="chip" data-testid={`lesson-link-${r.id}`} onClick={() => open(r)}
          title={`Opens the lesson at step ${r.step + 1}, “${r.title}”`}>
          {r.lesson}, step {r.step + 1}
        </button>
      ))}
    </p>
  );
}
