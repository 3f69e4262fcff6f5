import { useLoadedSession } from '../lesson/hub';

import { LessonPanel } from './lazy';
import { Part } from './Part';

/** The lesson panel, once the lesson session is loaded (a lesson opened from the menu or a link). */
export function LessonHost() {
  const session = useLoadedSession();
  if (!session) return null;
  return <Part what="the lesson" fallback={null}><LessonPanel session={session} /></Part>;
}
