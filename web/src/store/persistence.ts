// Where each piece of app state lives beyond the tab: the share link (the URL hash), the
// browser's local storage, or an exported file. One row per AppState key; the compiler makes
// sure a new key is declared here. (Like excalidraw's appState storage table.)
import { restoreScenario, scenarioText } from '../scenario/restore';
import type { Scenario } from '../scenario/types';
import { SPEEDS, type AppState } from './appState';
import { parseSetup, type CompareSetup } from './compareSetup';

export interface Persist {
  /** In the share link (#v1.<deflated scenario>, #v2. with a comparison). */
  readonly link: boolean;
  /** In local storage (the draft, kept across reloads). */
  readonly storage: boolean;
  /** In an exported scenario file. */
  readonly file: boolean;
}

const none: Persist = { link: false, storage: false, file: false };
const scenario: Persist = { link: true, storage: true, file: true };

export const PERSISTENCE = {
  /** Only the present scenario (with its seed); undo steps stay in the tab. */
  history: scenario,
  selection: none,
  tool: none,
  fieldError: none,
  sideTab: none,
  schedulers: none,
  presets: none,
  replayModes: none,
  /** The core's answer for the draft, asked again after every change. */
  portChoices: none,
  runState: none,
  progress: none,
  runPhase: none,
  /** The run in flight's estimate: the core recomputes it with the run. */
  runWork: none,
  runCpuNs: none,
  /** Runs are recomputed from the scenario: same scenario and seed, same trace hash. */
  run: none,
  before: none,
  playing: none,
  /** A preference of this browser, not part of the scenario. */
  speed: { link: false, storage: true, file: false },
  position: none,
  followed: none,
  error: none,
  notice: none,
  shareLink: none,
  shareDraftLink: none,
  /** A replay is recomputed from the run's scenario and the mode. */
  replayMode: none,
  replayPreemptive: none,
  replayState: none,
  replayProgress: none,
  replay: none,
  replayFollowed: none,
  lessonMark: none,
  lessonFocus: none,
  /** Which view the stage shows: a link with a comparison opens in the compare view. */
  view: none,
  /** The schedulers picked in the Compare tab: kept across reloads, like the draft. */
  compare: { link: false, storage: true, file: false },
  compareState: none,
  compareProgress: none,
  /** The comparison on screen: the link carries which schedulers it compares (its runs are recomputed). */
  comparison: { link: true, storage: false, file: false },
  /** A preference of this browser. */
  presentation: { link: false, storage: true, file: false },
  dialog: none,
  /** A preference of this browser: the tour opens once. */
  toured: { link: false, storage: true, file: false },
  /** Read from the browser (prefers-reduced-motion) at load. */
  reducedMotion: none,
  colourBy: none,
  groupBy: none,
  /** The Sweep tab's setup travels in a version 3 link; its runs are recomputed. */
  sweepLink: { link: true, storage: false, file: false },
  /** A sweep file the Papers view opened: the page's repository files, not the user's. */
  sweepFile: none,
} as const satisfies Record<keyof AppState, Persist>;

export const STORAGE_KEY = 'scheduler-playground:v1';

/** What local storage holds: the keys the table marks `storage`. */
export interface StoredState {
  readonly draft: Scenario;
  readonly speed: number;
  readonly compare: CompareSetup;
  readonly presentation: boolean;
  readonly toured: boolean;
}

export function storageRecord(s: AppState): string {
  const record: Record<string, unknown> = {};
  for (const [key, where] of Object.entries(PERSISTENCE) as [keyof AppState, Persist][]) {
    if (!where.storage) continue;
    if (key === 'history') record.draft = s.history.present;
    else record[key] = s[key];
  }
  return JSON.stringify(record);
}

export type StorageRestore =
  | { readonly ok: true; readonly stored: Partial<StoredState> }
  | { readonly ok: false; readonly error: string };

/** Reads what storageRecord wrote; an unreadable draft is reported, never half-used. */
export function restoreStorage(text: string | null): StorageRestore {
  if (text === null) return { ok: true, stored: {} };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the saved draft is not valid JSON' };
  }
  if (typeof v !== 'object' || v === null) return { ok: false, error: 'the saved draft is not an object' };
  const rec = v as { draft?: unknown; speed?: unknown; compare?: unknown; presentation?: unknown; toured?: unknown };
  // Preferences that do not read are left out (the defaults apply); a damaged draft is reported.
  const speed = SPEEDS.find((x) => x === rec.speed);
  const compare = rec.compare === undefined ? null : parseSetup(rec.compare);
  const prefs: Partial<StoredState> = {
    ...(speed !== undefined ? { speed } : {}),
    ...(compare?.ok ? { compare: compare.setup } : {}),
    ...(typeof rec.presentation === 'boolean' ? { presentation: rec.presentation } : {}),
    ...(typeof rec.toured === 'boolean' ? { toured: rec.toured } : {}),
  };
  if (rec.draft === undefined) return { ok: true, stored: prefs };
  const r = restoreScenario(JSON.stringify(rec.draft));
  if (!r.ok) return { ok: false, error: `the saved draft is damaged: ${r.error}` };
  return { ok: true, stored: { draft: r.scenario, ...prefs } };
}

/** The text of an exported file: the scenario alone, as a file a user can read. */
export const fileText = (s: AppState): string => scenarioText(s.history.present, true);

/** The scenario text a share link carries. */
export const linkText = (s: AppState): string => scenarioText(s.history.present);

/** The comparison a share link carries: the one on screen (null: none, a version 1 link). */
export const linkCompare = (s: AppState): CompareSetup | null => (s.view === 'compare' ? s.comparison?.setup ?? null : null);
