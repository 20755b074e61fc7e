import { useSyncExternalStore } from 'react';

/** The spec's transient banner: one at a time, 3 seconds each (the spec's default would be 6). */
export const NOTIFICATION_DISPLAY_MS = 3_000;

export interface Notification {
  id: number;
  text: string;
}

let queue: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const notificationStore = {
  /** The one shown now, if any: the oldest not yet expired. */
  current: (): Notification | null => queue[0] ?? null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called by the banner when the current one's display time has ended. */
  expire(id: number) {
    queue = queue.filter((n) => n.id !== id);
    emit();
  },
};

export function notify(text: string) {
  queue = [...queue, { id: nextId++, text }];
  emit();
}

export const useCurrentNotification = () =>
  useSyncExternalStore(notificationStore.subscribe, notificationStore.current, notificationStore.current);
