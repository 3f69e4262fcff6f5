import { describe, expect, it } from 'vitest';
import { blankScenario } from '../scenario/commands';
import { initialState, setPresentation, setSpeed, type AppState } from './appState';
import { DEFAULT_SETUP } from './compareSetup';
import { setCompareSetup } from './compareActions';
import { PERSISTENCE, fileText, linkCompare, linkText, restoreStorage, storageRecord } from './persistence';

describe('persistence table', () => {
  it('puts the scenario in the link, storage and files, the comparison on screen and a sweep in the link, preferences in storage', () => {
    const where = (k: keyof typeof PERSISTENCE) => PERSISTENCE[k];
    expect(where('history')).toEqual({ link: true, storage: true, file: true });
    expect(where('comparison')).toEqual({ link: true, storage: false, file: false });
    expect(where('sweepLink')).toEqual({ link: true, storage: false, file: false });
    const prefs = ['speed', 'compare', 'presentation', 'toured'] as const;
    for (const k of prefs) expect(where(k)).toEqual({ link: false, storage: true, file: false });
    const elsewhere = Object.entries(PERSISTENCE).filter(([k]) => !['history', 'comparison', 'sweepLink', ...prefs].includes(k));
    expect(elsewhere.every(([, w]) => !w.link && !w.storage && !w.file)).toBe(true);
  });

  it('stores the draft, the speed, the compare picks, presentation mode and whether the tour was seen, and reads them back', () => {
    const draft = { ...blankScenario(), name: 'mine', seed: 7 };
    const compare = { variants: [{ scheduler: { name: 'lstf' }, routers: null }, { scheduler: { name: 'sjf' }, routers: ['r1'] }] };
    const s = setPresentation(true)(setCompareSetup(compare)(setSpeed(4)(initialState(draft))));
    const text = storageRecord(s);
    expect(JSON.parse(text)).toEqual({ draft, speed: 4, compare, presentation: true, toured: false });
    expect(restoreStorage(text)).toEqual({ ok: true, stored: { draft, speed: 4, compare, presentation: true, toured: false } });
    expect(JSON.parse(fileText(s))).toEqual(draft);
    expect(JSON.parse(linkText(s))).toEqual(draft);
  });

  it('reports a damaged draft instead of using part of it, and ignores an unknown speed', () => {
    expect(restoreStorage(null)).toEqual({ ok: true, stored: {} });
    expect(restoreStorage('{')).toEqual({ ok: false, error: 'the saved draft is not valid JSON' });
    expect(restoreStorage(JSON.stringify({ draft: { format: 'x' } }))).toEqual({
      ok: false, error: 'the saved draft is damaged: format: must be "scheduler-playground/scenario" (this is not a scenario file)',
    });
    expect(restoreStorage(JSON.stringify({ speed: 3 }))).toEqual({ ok: true, stored: {} });
    // Picks that do not read (one scheduler) are dropped; the draft is kept.
    const one = { variants: [{ scheduler: { name: 'fifo' } }] };
    expect(restoreStorage(JSON.stringify({ compare: one, presentation: 'yes' }))).toEqual({ ok: true, stored: {} });
  });

  it('carries a comparison in the link only while it is on screen', () => {
    const s = initialState(blankScenario());
    expect(linkCompare(s)).toBeNull();
    const comparison = { setup: DEFAULT_SETUP } as unknown as NonNullable<AppState['comparison']>;
    expect(linkCompare({ ...s, comparison, view: 'single' })).toBeNull();
    expect(linkCompare({ ...s, comparison, view: 'compare' })).toBe(DEFAULT_SETUP);
  });
});
