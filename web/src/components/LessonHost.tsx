import { lazy, Suspense } from 'react';
import { useLoadedSession } from '../lesson/hub';

const LessonPanel = lazy(() => import('./LessonPanel').then((m) => ({ default: m.LessonPanel })));

/** The lesson panel, once the lesson session is loaded (a lesson opened from the menu or a link). */
export function LessonHost() {
  const session = useLoadedSession();
  if (!session) return null;
  return <Suspense fallback={null}><LessonPanel session={session} /></Suspense>;
}
