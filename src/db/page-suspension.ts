import type { DBCoreTransaction } from 'dexie';

/** What this needs of a page's window (also built into the service worker, which has no `window` type). */
export interface PageWindow {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event & { persisted: boolean }) => void): void;
  location: { reload(): void };
}

/**
 * WebKit (Safari's engine) puts a page in its back/forward cache even while one of its IndexedDB transactions
 * is in flight, and keeps that transaction suspended there: every later transaction on the database, in the
 * next page too, then waits behind it and the app hangs on « Chargement… ». It was seen in WebKit when a new
 * address was opened while a screen had just started a read (tests/engines/webkit-reload.test.ts). So the
 * transactions still open when the page is cached are aborted, which frees the database for the next page; a
 * page brought back after that reloads, since the reads it was waiting for will never answer.
 */
export function releaseDatabaseWhenPageIsCached(open: Set<DBCoreTransaction>, win: PageWindow) {
  let aborted = false;
  win.addEventListener('pagehide', (event) => {
    // A page being unloaded takes its transactions with it; only a cached one keeps them.
    if (!event.persisted) return;
    for (const tx of open) {
      try {
        tx.abort();
        aborted = true;
      } catch {
        // Over meanwhile.
      }
    }
    open.clear();
  });
  win.addEventListener('pageshow', (event) => {
    if (event.persisted && aborted) win.location.reload();
  });
}
