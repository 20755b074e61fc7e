/**
 * A Chromium device for the fault suite: its `village` IndexedDB, written and read from a page of the app's
 * origin that runs none of the app's code (so the page never drains the outbox), and its service worker's
 * `sync` event fired on demand through one CDP session, as the browser does when it retries.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { VillageDatabase } from '../../src/db/database';
import { SYNC_EVENT_LOCK } from '../../src/outbox/sync-replay';

/** Every table of the app's store but the session, which the app wrote itself when the user signed in. */
const DEVICE_TABLES = ['users', 'categories', 'villages', 'villagers', 'needs', 'helps', 'messages', 'sentMarks', 'outbox'] as const;

/**
 * Puts the rows of a store filled by the app's own code (enqueue's local effects and outbox entries, on fake
 * IndexedDB in Node) into the browser's store, row for row, in one transaction: the device as if those writes
 * had been made on it offline.
 */
export async function copyIntoBrowser(page: Page, source: VillageDatabase) {
  const tables: Record<string, unknown[]> = {};
  for (const name of DEVICE_TABLES) tables[name] = await source.table(name).toArray();
  await page.evaluate(async (rows) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('village');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const tx = idb.transaction(Object.keys(rows), 'readwrite');
      for (const [name, list] of Object.entries(rows)) for (const row of list) tx.objectStore(name).put(row);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      idb.close();
    }
  }, tables);
}

export interface DeviceState {
  /** The outbox as the browser holds it, in queue order. */
  outbox: { seq: number; id: string; status: string; attempts: number; lastError?: unknown; failure?: unknown }[];
  signedInAs: string | null;
  /** Whether the worker is handling a `sync` event now (it holds SYNC_EVENT_LOCK for the whole event). */
  syncEventRunning: boolean;
}

export async function readDevice(page: Page): Promise<DeviceState> {
  return page.evaluate(async (lockName) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('village');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = idb.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    try {
      const outbox = await all<DeviceState['outbox'][number]>('outbox');
      const [session] = await all<{ userId: string | null }>('session');
      const locks = await navigator.locks.query();
      return { outbox, signedInAs: session?.userId ?? null, syncEventRunning: (locks.held ?? []).some((l) => l.name === lockName) };
    } finally {
      idb.close();
    }
  }, SYNC_EVENT_LOCK);
}

/** One CDP session kept open on `page`: `fire()` dispatches `sync` with `tag` to the origin's worker. */
export async function workerSync(context: BrowserContext, page: Page, origin: string, tag: string) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return {
    fire: () => cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag, lastChance: false }),
    close: () => cdp.detach(),
  };
}
