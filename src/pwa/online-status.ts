import { createStore } from '../state/external-store';

/** Whether the browser believes it is online; it follows the online/offline events. */
export const onlineStatus = createStore(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => onlineStatus.set(true));
  window.addEventListener('offline', () => onlineStatus.set(false));
}
