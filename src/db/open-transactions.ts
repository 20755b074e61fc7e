import type { DBCore, DBCoreTransaction, Middleware } from 'dexie';

/**
 * A Dexie middleware that keeps `open` filled with the database's transactions not yet over, so a page being
 * put away can abort them (see page-suspension.ts). Dexie's IndexedDB core hands out the browser's
 * IDBTransaction (or fake-indexeddb's, in Node), whose end events say when one is over.
 */
export function trackOpenTransactions(open: Set<DBCoreTransaction>): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'open-transactions',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options);
        if (hasEndEvents(tx)) {
          open.add(tx);
          const over = () => open.delete(tx);
          tx.addEventListener('complete', over);
          tx.addEventListener('abort', over);
          tx.addEventListener('error', over);
        }
        return tx;
      },
    }),
  };
}

const hasEndEvents = (tx: DBCoreTransaction): tx is DBCoreTransaction & EventTarget =>
  typeof (tx as Partial<EventTarget>).addEventListener === 'function';
