import { appState } from '../state/app-state';
import { forgetPersistedFeeds } from '../state/feed-cache';
import { clearToken } from './token';
import { PUSH_RECORD_KEY } from './push-record-key';
import { NOTIFICATION_SETTINGS_KEY } from './notification-settings-key';
import { DATA_LOADED_FOR_KEY } from './data-loaded-key';
import { forgetChatReads } from './chat-read-key';

/**
 * Tables that survive a sign-out or an expired session: the writes not yet sent belong to their user and
 * are replayed when that same user signs in again (src/outbox/README.md, "Replay"), so they are never dropped here;
 * and the store's id, which names this store, not a person (a new id would read as a wiped store).
 */
const KEPT_TABLES = new Set(['outbox', 'device']);

/** Forgets who was signed in: the token, the local copy of their data and the in-memory state. */
export async function clearSession() {
  clearToken();
  appState.set({ initialised: false, namespace: null });
  try {
    // Imported when needed: the sign-in screens, the first most people see, load without Dexie.
    const { db } = await import('../db/database');
    const tables = db.tables.filter((t) => !KEPT_TABLES.has(t.name));
    await db.transaction('rw', tables, async () => {
      for (const table of tables) await table.clear();
    });
    // What TanStack Query holds in memory and the feed's first pages kept in localStorage belong to that user too.
    const { queryClient } = await import('../state/query-client');
    queryClient.clear();
    forgetPersistedFeeds();
    // The server drops this device's push subscription with the session: it shows off until turned on again.
    localStorage.removeItem(PUSH_RECORD_KEY);
    // The notification settings kept to show offline are that person's too.
    localStorage.removeItem(NOTIFICATION_SETTINGS_KEY);
    // And so are the marks of the chats this device showed them.
    forgetChatReads(localStorage);
    // It names the token: gone with it, and the next start of any session waits for its first load.
    localStorage.removeItem(DATA_LOADED_FOR_KEY);
  } catch (error) {
    // The token is already gone, so nobody is signed in; a store that cannot be cleared must not block that.
    console.error('Local data could not be cleared', error);
  }
}
