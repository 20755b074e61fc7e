import { useSyncExternalStore } from 'react';

/** How many requests are under way: the global loading indicator shows while it is above zero. */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const loading = {
  start() {
    pending += 1;
    emit();
  },
  stop() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoading: () => pending > 0,
};

export const useIsLoading = () => useSyncExternalStore(loading.subscribe, loading.isLoading, () => false);
