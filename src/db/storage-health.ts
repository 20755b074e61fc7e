import type Dexie from 'dexie';
import { createStore } from '../state/external-store';
import { WORKER_STORE } from '../contract/worker-messages';

/**
 * What keeps the local store from working, as the person must be told (src/components/storage-trouble):
 * - `unavailable`: IndexedDB cannot be opened (older private modes, a broken profile, storage refused);
 * - `blocked`: another tab holds the store open at an older version, and this one waits until it lets go;
 * - `full`: the device's storage is full, so the first load could not be written;
 * - `closed`: the browser closed the store while the app was open (site data cleared, space reclaimed).
 */
export type StorageTrouble = 'unavailable' | 'blocked' | 'full' | 'closed';

/** The store's trouble, if any: one place fed by the database's events and by the start's failed reads. */
export const storageHealth = createStore<StorageTrouble | undefined>(undefined);

/**
 * The errors of a store that cannot be opened or used at all, as Dexie (Dexie.errnames) and the browsers name
 * them. Written out, not read from Dexie: the root's screens import this module, and the sign-in screens load
 * without Dexie's code.
 */
const UNAVAILABLE = new Set([
  'OpenFailedError',
  'DatabaseClosedError',
  'MissingAPIError',
  'InvalidStateError',
  'UnknownError',
  'InvalidAccessError',
  'VersionError',
  'SecurityError',
]);
const FULL = new Set(['QuotaExceededError']);

/**
 * The trouble an error of the store stands for, or undefined for any other error (a bug, a network failure).
 * Dexie wraps the browser's error (an OpenFailedError with an inner InvalidStateError, an AbortError with an
 * inner QuotaExceededError): the chain is walked.
 */
export function storageTroubleOf(error: unknown): StorageTrouble | undefined {
  let current: unknown = error;
  let found: StorageTrouble | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (typeof name === 'string' && FULL.has(name)) return 'full';
    if (typeof name === 'string' && UNAVAILABLE.has(name)) found ??= 'unavailable';
    current = inner;
  }
  return found;
}

/** An error met while using the store: kept if it is a storage trouble, so that the screen says it. */
export function reportStorageError(error: unknown): StorageTrouble | undefined {
  const trouble = storageTroubleOf(error);
  if (trouble) storageHealth.set(trouble);
  return trouble;
}

/**
 * Follows a page's database: an opening blocked by another tab (cleared once it goes through), and a
 * connection the browser closes on its own. Dexie's own 'close' event is not used for the latter: it also fires
 * when the app or another tab's upgrade closes the store on purpose; the native connection's `close` event
 * fires only when the browser forces it shut.
 */
export function watchStorageHealth(database: Dexie) {
  database.on('blocked', () => storageHealth.set('blocked'));
  database.on(
    'ready',
    () => {
      if (storageHealth.get() === 'blocked') storageHealth.set(undefined);
      database.backendDB()?.addEventListener('close', () => storageHealth.set('closed'));
    },
    true,
  );
}

/**
 * Follows the service worker's opening of the store (sw/sw.ts). When the worker opened it first and a tab holding
 * an older version blocks it, a page's opening waits in line behind the worker's and the browser never tells the
 * page: without the worker's word, a sign-in stayed on « Envoi en cours… » with nothing said.
 */
export function followWorkerStorage(container: ServiceWorkerContainer) {
  container.addEventListener('message', ({ data }: MessageEvent<{ type?: unknown; blocked?: boolean } | null>) => {
    if (data?.type === WORKER_STORE && (data.blocked || storageHealth.get() === 'blocked'))
      storageHealth.set(data.blocked ? 'blocked' : undefined);
  });
}
