// The lessons of the page (scenarios/lessons/*.lesson.json) and the scenario files they name.
// A lesson's text is bundled with the lessons list (a chunk loaded when Lessons… opens); a
// scenario's text is a chunk of its own, fetched when a lesson that names it opens.
import type { LessonFile } from '../generated/lesson';

const lessonTexts = import.meta.glob<string>('../../../scenarios/lessons/*.lesson.json', { query: '?raw', import: 'default', eager: true });
const scenarioTexts = import.meta.glob<string>(['../../../scenarios/**/*.json', '!../../../scenarios/**/*.schema.json', '!../../../scenarios/lessons/**'], {
  query: '?raw',
  import: 'default',
});

export interface LessonEntry {
  /** The file's name without `.lesson.json`: what a link names. */
  readonly id: string;
  readonly text: string;
  readonly file: LessonFile;
}

/** A lesson's fields the list shows, or null when the text is not a lesson (the core says why on opening). */
export function lessonMeta(text: string): LessonFile | null {
  try {
    const v = JSON.parse(text) as Partial<LessonFile> | null;
    return v && typeof v.name === 'string' && Array.isArray(v.steps) ? (v as LessonFile) : null;
  } catch {
    return null;
  }
}

export const LESSONS: readonly LessonEntry[] = Object.entries(lessonTexts)
  .map(([path, text]) => ({ id: path.replace(/^.*\//, '').replace(/\.lesson\.json$/, ''), text, file: lessonMeta(text) }))
  .filter((e): e is LessonEntry => e.file !== null)
  .sort((a, b) => (a.file.order ?? 100) - (b.file.order ?? 100) || a.file.name.localeCompare(b.file.name));

/** `base` (a folder under scenarios/, ending in '/') joined with a relative path; null if it leaves scenarios/. */
export function resolvePath(base: string, rel: string): string | null {
  const parts = base.split('/').filter(Boolean);
  for (const seg of rel.split('/')) {
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/**
 * The scenario files a lesson's steps name, path -> text, as the core's `lesson_plan` reads
 * them: paths relative to scenarios/lessons/ (a teacher's file too may name the page's
 * examples). A path the page does not have is left out: the core names it.
 */
export async function scenarioFiles(lessonText: string): Promise<Record<string, string>> {
  let steps: unknown;
  try {
    steps = (JSON.parse(lessonText) as { steps?: unknown }).steps;
  } catch {
    return {};
  }
  const paths = Array.isArray(steps) ? (steps as unknown[]).map((s) => (typeof s === 'object' && s !== null ? (s as { scenario?: unknown }).scenario : undefined)).filter((p): p is string => typeof p === 'string') : [];
  const out: Record<string, string> = {};
  for (const p of new Set(paths)) {
    const text = await scenarioText(p);
    if (text !== null) out[p] = text;
  }
  return out;
}

/** The text of the page's scenario file at `rel` (relative to scenarios/lessons/), or null when the page has none. */
async function scenarioText(rel: string): Promise<string | null> {
  const resolved = resolvePath('lessons/', rel);
  const load = resolved === null ? undefined : scenarioTexts[`../../../scenarios/${resolved}`];
  return load ? load() : null;
}

/** A bundled lesson's step that opens a scenario: what a "walk through it" link opens. */
export interface LessonStepRef {
  readonly id: string;
  readonly lesson: string;
  readonly step: number;
  readonly title: string;
}

/**
 * The bundled lessons with a step that opens the scenario named `name` (a file of the page's,
 * by its `name`), each at its first such step, in the lessons' order.
 */
export async function lessonsOpening(name: string): Promise<LessonStepRef[]> {
  const out: LessonStepRef[] = [];
  for (const l of LESSONS) {
    for (const [i, s] of l.file.steps.entries()) {
      if (typeof s.scenario !== 'string') continue;
      const text = await scenarioText(s.scenario);
      if (text === null) continue;
      let opened: unknown;
      try {
        opened = (JSON.parse(text) as { name?: unknown }).name;
      } catch {
        continue;
      }
      if (opened === name) {
        out.push({ id: l.id, lesson: l.file.name, step: i, title: s.title });
        break;
      }
    }
  }
  return out;
}
