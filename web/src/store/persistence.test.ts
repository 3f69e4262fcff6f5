import { describe, expect, it } from 'vitest';
import { blankScenario } from '../scenario/commands';
import { initialState, setSpeed } from './appState';
import { PERSISTENCE, fileText, linkText, restoreStorage, storageRecord } from './persistence';

describe('persistence table', () => {
  it('puts the scenario in the link, storage and files, and the speed only in storage', () => {
    const where = (k: keyof typeof PERSISTENCE) => PERSISTENCE[k];
    expect(where('history')).toEqual({ link: true, storage: true, file: true });
    expect(where('speed')).toEqual({ link: false, storage: true, file: false });
    const elsewhere = Object.entries(PERSISTENCE).filter(([k]) => k !== 'history' && k !== 'speed');
    expect(elsewhere.every(([, w]) => !w.link && !w.storage && !w.file)).toBe(true);
  });

  it('stores the draft and the speed, and reads them back', () => {
    const draft = { ...blankScenario(), name: 'mine', seed: 7 };
    const s = setSpeed(4)(initialState(draft));
    const text = storageRecord(s);
    expect(JSON.parse(text)).toEqual({ draft, speed: 4 });
    expect(restoreStorage(text)).toEqual({ ok: true, stored: { draft, speed: 4 } });
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
  });
});
