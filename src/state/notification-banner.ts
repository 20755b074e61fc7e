import { createStore } from './external-store';

/** The spec's transient banner: one at a time, 3 seconds each (the spec's default would be 6). */
export const NOTIFICATION_DISPLAY_MS = 3_000;

export interface Notification {
  id: number;
  text: string;
}

const queue = createStore<Notification[]>([]);
let nextId = 1;

export const notificationStore = {
  /** The one shown now, if any: the oldest not yet expired. */
  current: (): Notification | null => queue.get()[0] ?? null,
  subscribe: queue.subscribe,
  /** Called by the banner when the current one's display time has ended. */
  expire(id: number) {
    queue.set(queue.get().filter((n) => n.id !== id));
  },
};

export function notify(text: string) {
  queue.set([...queue.get(), { id: nextId++, text }]);
}

export const useCurrentNotification = () => {
  const all = queue.use();
  return all[0] ?? null;
};
