import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { VillageDatabase } from './database';
import { followWorkerStorage, reportStorageError, storageHealth, storageTroubleOf, watchStorageHealth } from './storage-health';
import { WORKER_STORE } from '../contract/worker-messages';

const opened: Dexie[] = [];
afterEach(async () => {
  storageHealth.set(undefined);
  await Promise.all(opened.splice(0).map((d) => d.delete()));
});

/** An IndexedDB whose every opening fails with an error event, as older private modes do. */
function failingFactory(): IDBFactory {
  const factory = Object.create(indexedDB) as IDBFactory;
  factory.open = () => {
    const request = {} as IDBOpenDBRequest & { onerror: ((e: Event) => void) | null };
    setTimeout(() => {
      const error = new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
      Object.assign(request, { error });
      request.onerror?.({ target: request, preventDefault() {}, stopPropagation() {} } as unknown as Event);
    });
    return request;
  };
  return factory;
}

describe('which errors are storage trouble', () => {
  it('reads through Dexie’s wrapping: an opening refused, a store closed after it, a full disk', () => {
    const refused = Object.assign(new Error('open failed'), { name: 'OpenFailedError', inner: new DOMException('x', 'InvalidStateError') });
    expect(storageTroubleOf(refused)).toBe('unavailable');
    expect(storageTroubleOf(Object.assign(new Error('closed'), { name: 'DatabaseClosedError', inner: refused }))).toBe('unavailable');
    const full = Object.assign(new Error('abort'), { name: 'AbortError', inner: new DOMException('full', 'QuotaExceededError') });
    expect(storageTroubleOf(full)).toBe('full');
  });

  it('leaves other errors alone: a bug, a lost connection, a transaction aborted on purpose', () => {
    expect(storageTroubleOf(new TypeError('x is undefined'))).toBeUndefined();
    expect(storageTroubleOf(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(storageTroubleOf(Object.assign(new Error('abort'), { name: 'AbortError' }))).toBeUndefined();
    expect(storageTroubleOf(undefined)).toBeUndefined();
    expect(reportStorageError(new TypeError('x'))).toBeUndefined();
    expect(storageHealth.get()).toBeUndefined();
  });
});

describe('a store that cannot be opened', () => {
  it('is reported unavailable from the error of the opening, and from any read after it', async () => {
    const database = new Dexie(`broken-${crypto.randomUUID()}`, { indexedDB: failingFactory(), IDBKeyRange });
    database.version(1).stores({ users: 'id' });
    watchStorageHealth(database);
    const openError = await database.open().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(storageHealth.get()).toBeUndefined();
    expect(reportStorageError(openError)).toBe('unavailable');
    expect(storageHealth.get()).toBe('unavailable');

    storageHealth.set(undefined);
    const readError = await database
      .table('users')
      .get('x')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(reportStorageError(readError)).toBe('unavailable');
    expect(storageHealth.get()).toBe('unavailable');
  });
});

describe('a store blocked by another tab', () => {
  it('is reported blocked while a connection at an older version holds on, and cleared once it lets go', async () => {
    const name = `blocked-${crypto.randomUUID()}`;
    // The other tab: an older version of the store, open and deaf to requests to close.
    const held = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const database = new VillageDatabase(name);
    opened.push(database);
    watchStorageHealth(database);
    const opening = database.open();
    await expect.poll(() => storageHealth.get()).toBe('blocked');

    held.close();
    await opening;
    expect(storageHealth.get()).toBeUndefined();
    expect(await database.users.count()).toBe(0);
  });
});

describe('a store the browser closes', () => {
  it('is reported closed on the connection’s forced close, not when the app closes it itself', async () => {
    const database = new VillageDatabase(`closed-${crypto.randomUUID()}`);
    opened.push(database);
    watchStorageHealth(database);
    await database.open();
    const connection = database.backendDB();
    database.close({ disableAutoOpen: false });
    expect(storageHealth.get()).toBeUndefined();

    await database.users.count();
    const reopened = database.backendDB();
    expect(reopened).not.toBe(connection);
    // What a browser does when site data are cleared: the connection forced shut, its `close` event fired.
    // (Its declared parameter is the connection's class, by mistake: it takes a connection.)
    forceCloseDatabase(reopened as unknown as Parameters<typeof forceCloseDatabase>[0]);
    await expect.poll(() => storageHealth.get()).toBe('closed');
  });
});

describe("the service worker's word on its own opening", () => {
  const container = () => {
    const target = new EventTarget();
    followWorkerStorage(target as ServiceWorkerContainer);
    return (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  };

  it('says the store is blocked when the worker is, and no longer once its opening went through', () => {
    const post = container();
    post({ type: WORKER_STORE, blocked: true });
    expect(storageHealth.get()).toBe('blocked');
    post({ type: WORKER_STORE, blocked: false });
    expect(storageHealth.get()).toBeUndefined();
  });

  it('leaves any other trouble, and any other message, as they are', () => {
    const post = container();
    storageHealth.set('full');
    post({ type: WORKER_STORE, blocked: false });
    post(null);
    post({ type: 'CACHE_NEED_PICTURES' });
    expect(storageHealth.get()).toBe('full');
  });
});
