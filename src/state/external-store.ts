import { useSyncExternalStore } from 'react';

/** A tiny observable value for state that comes from browser events outside React. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe,
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => value,
      ),
  };
}
