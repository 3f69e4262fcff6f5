import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Position } from '../sim/playback';
import type { AppState } from '../store/appState';
import { useStore, type Store } from '../store/store';
import type { Controller } from './controller';

export const AppContext = createContext<Controller | null>(null);

export function useController(): Controller {
  const controller = useContext(AppContext);
  if (!controller) throw new Error('useController outside <AppContext.Provider>');
  return controller;
}

/** A slice of the app state; the component re-renders when it changes. */
export function useAppState<T>(select: (s: AppState) => T): T {
  const store: Store<AppState> = useController().store;
  return useStore(store, select);
}

/**
 * How often, at most, panels beside the stage follow the playhead while it plays. The canvas
 * draws every frame; text and charts that changed 60 times a second could not be read, and each
 * change costs a React render, a layout and a paint per frame (the frame benchmark's figures).
 */
export const PANEL_STEP_MS = 100;

interface Sampled { readonly state: AppState; readonly position: Position; readonly at: number }
const sampled = new WeakMap<Store<AppState>, Sampled>();

/**
 * The playhead as panels show it: exact when paused (a seek, a step, the end of the run), and
 * while playing the position at most PANEL_STEP_MS old. One sample per store, so every panel
 * shows the same moment; the same state always gives the same answer (a stable snapshot).
 */
export function samplePanelPosition(store: Store<AppState>, now: number): Position {
  const s = store.getState();
  const last = sampled.get(store);
  if (last?.state === s) return last.position;
  const keep = last !== undefined && s.playing && now - last.at < PANEL_STEP_MS;
  const next: Sampled = keep ? { state: s, position: last.position, at: last.at } : { state: s, position: s.position, at: now };
  sampled.set(store, next);
  return next.position;
}

/** The playhead for panels beside the stage (samplePanelPosition); the stage itself follows every frame. */
export function usePanelPosition(): Position {
  const store: Store<AppState> = useController().store;
  return useSyncExternalStore(store.subscribe, () => samplePanelPosition(store, performance.now()));
}
