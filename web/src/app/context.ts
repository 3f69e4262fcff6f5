import { createContext, useContext } from 'react';
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
