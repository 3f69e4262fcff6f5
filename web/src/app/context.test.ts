import { describe, expect, it } from 'vitest';
import { blankScenario } from '../scenario/commands';
import { initialState, type AppState } from '../store/appState';
import { createStore } from '../store/store';
import { PANEL_STEP_MS, samplePanelPosition } from './context';

describe('the panels\' playhead', () => {
  const at = (t: number) => ({ t, cursor: t / 10 });
  const move = (t: number, playing: boolean) => (s: AppState): AppState => ({ ...s, position: at(t), playing });

  it('follows a playing playhead at most every PANEL_STEP_MS, and exactly once paused', () => {
    const store = createStore(initialState(blankScenario()));
    store.dispatch(move(100, true));
    expect(samplePanelPosition(store, 1000)).toEqual(at(100));
    // Frames 16 ms apart: the panels keep the sample until PANEL_STEP_MS have passed.
    store.dispatch(move(200, true));
    expect(samplePanelPosition(store, 1016)).toEqual(at(100));
    store.dispatch(move(300, true));
    expect(samplePanelPosition(store, 1000 + PANEL_STEP_MS - 1)).toEqual(at(100));
    store.dispatch(move(400, true));
    expect(samplePanelPosition(store, 1000 + PANEL_STEP_MS)).toEqual(at(400));
    // Paused (or stopped at the end): exact at once.
    store.dispatch(move(450, false));
    expect(samplePanelPosition(store, 1000 + PANEL_STEP_MS + 1)).toEqual(at(450));
  });

  it('gives one answer per state, however late it is asked', () => {
    const store = createStore(initialState(blankScenario()));
    store.dispatch(move(100, true));
    samplePanelPosition(store, 0);
    store.dispatch(move(200, true));
    expect(samplePanelPosition(store, 10)).toEqual(at(100));
    expect(samplePanelPosition(store, 10 * PANEL_STEP_MS)).toEqual(at(100));
  });
});
