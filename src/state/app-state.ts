import { createStore } from './external-store';

/** The spec's global state: the app-initialised flag and the current namespace (the page-loading flag is api/loading.ts). */
interface AppState {
  initialised: boolean;
  namespace: string | null;
}

const store = createStore<AppState>({ initialised: false, namespace: null });

export const appState = {
  get: store.get,
  set: (patch: Partial<AppState>) => store.set({ ...store.get(), ...patch }),
  subscribe: store.subscribe,
};

export const useAppState = store.use;
