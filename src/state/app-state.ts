import { useSyncExternalStore } from 'react';

/** The spec's global state: the app-initialised flag and the current namespace (the page-loading flag is api/loading.ts). */
interface AppState {
  initialised: boolean;
  namespace: string | null;
}

let state: AppState = { initialised: false, namespace: null };
const listeners = new Set<() => void>();

export const appState = {
  get: () => state,
  set(patch: Partial<AppState>) {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useAppState = () => useSyncExternalStore(appState.subscribe, appState.get, appState.get);
