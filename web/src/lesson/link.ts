// Lesson links: `#lesson=ID&step=N` opens a lesson of the page at step N (1-based);
// `#lesson-file=PACKED&step=N` carries a teacher's own lesson file (deflated, base64url, as
// share links pack scenarios). The fragment is untrusted input: a malformed one gets a sentence
// saying what is wrong, never an exception.
import { deflateSync, inflateSync } from 'fflate';
import { base64urlDecode, base64urlEncode, MAX_HASH_CHARS } from '../share/link';

/** A lesson file larger than this is refused before it is read. */
export const MAX_LESSON_BYTES = 1 << 20;

export type LessonLink =
  | { readonly kind: 'bundled'; readonly id: string; readonly step: number }
  | { readonly kind: 'file'; readonly text: string; readonly step: number };

export type ParsedLink = { readonly ok: true; readonly link: LessonLink } | { readonly ok: false; readonly error: string };

/** Whether a fragment is a lesson link (else it is a share link or nothing). */
export const isLessonHash = (hash: string): boolean => /^#lesson(-file)?=/.test(hash);

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_STEP = 30;

export function parseLessonHash(hash: string): ParsedLink {
  if (hash.length > MAX_HASH_CHARS) return { ok: false, error: `This lesson link is ${hash.length} characters long; at most ${MAX_HASH_CHARS} open.` };
  const params = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (params.has(key)) return { ok: false, error: `This lesson link names "${key}" twice.` };
    params.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  const unknown = [...params.keys()].find((k) => !['lesson', 'lesson-file', 'step'].includes(k));
  if (unknown !== undefined) return { ok: false, error: `This lesson link has an unknown part "${unknown.slice(0, 40)}" (it takes lesson or lesson-file, and step).` };
  const stepText = params.get('step') ?? '1';
  if (!/^[1-9]\d{0,1}$/.test(stepText) || Number(stepText) > MAX_STEP) {
    return { ok: false, error: `This lesson link's step "${stepText.slice(0, 20)}" is not a step number from 1 to ${MAX_STEP}.` };
  }
  const step = Number(stepText) - 1;
  const id = params.get('lesson');
  if (id !== undefined) {
    if (params.has('lesson-file')) return { ok: false, error: 'This lesson link names both a lesson and a lesson file.' };
    if (!ID.test(id)) return { ok: false, error: `This lesson link's lesson "${id.slice(0, 40)}" is not a lesson name (lower-case letters, digits and dashes).` };
    return { ok: true, link: { kind: 'bundled', id, step } };
  }
  const packed = params.get('lesson-file') ?? '';
  try {
    const bytes = inflateSync(base64urlDecode(packed), { out: undefined });
    if (bytes.length > MAX_LESSON_BYTES) return { ok: false, error: `This lesson link's file is ${bytes.length} bytes; at most ${MAX_LESSON_BYTES} open.` };
    return { ok: true, link: { kind: 'file', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), step } };
  } catch (err) {
    return { ok: false, error: `This lesson link's file is damaged (${err instanceof Error ? err.message : String(err)}): was it copied whole?` };
  }
}

/** The fragment that opens `link`. */
export function lessonHash(link: LessonLink): string {
  const step = `step=${link.step + 1}`;
  if (link.kind === 'bundled') return `#lesson=${link.id}&${step}`;
  return `#lesson-file=${base64urlEncode(deflateSync(new TextEncoder().encode(link.text), { level: 9 }))}&${step}`;
}
