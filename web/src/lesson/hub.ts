// The lesson session, loaded on demand: the page's main script holds only this. The Lessons
// menu and a lesson link load lesson/session.ts (and the lessons list with it); the lesson
// panel appears once it is loaded and a lesson is open.
import { useSyncExternalStore } from 'react';
import type { Controller } from '../app/controller';
import type { LessonSession } from './session';

let session: LessonSession | null = null;
const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The session (created once, on first use). */
export async function lessonSession(controller: Controller): Promise<LessonSession> {
  if (!session) {
    const { LessonSession } = await import('./session');
    session ??= new LessonSession(controller, storage());
    for (const f of listeners) f();
  }
  return session;
}

const subscribe = (f: () => void): (() => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};

/** The session once loaded, else null. */
export const useLoadedSession = (): LessonSession | null => useSyncExternalStore(subscribe, () => session);

/** Opens a lesson link (`#lesson=…` or `#lesson-file=…`); a malformed one is reported, not thrown. */
export async function openLessonHash(hash: string, controller: Controller): Promise<void> {
  const [{ parseLessonHash }, s] = await Promise.all([import('./link'), lessonSession(controller)]);
  const parsed = parseLessonHash(hash);
  if (!parsed.ok) {
    controller.store.dispatch((st) => ({ ...st, error: parsed.error }));
    return;
  }
  const ok = await s.openLink(parsed.link);
  if (!ok && s.get().error) controller.store.dispatch((st) => ({ ...st, error: s.get().error }));
}
