// A minimal store: one immutable state value, changed only by pure actions (state -> state).
import { useSyncExternalStore } from 'react';

export type Action<S> = (state: S) => S;

export interface Store<S> {
  getState: () => S;
  dispatch: (action: Action<S>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = action(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to one slice of the state (re-renders when the slice changes). */
export function useStore<S, T>(store: Store<S>, select: (state: S) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
