import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { VillageDatabase } from './database';
import { aHelp, aVillage } from '../testing/factories';

/** Every table of a store with its primary key and indexes, as IndexedDB holds them. */
async function schemaOf(name: string) {
  const request = indexedDB.open(name);
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const names = [...idb.objectStoreNames].sort();
  const transaction = idb.transaction(names, 'readonly');
  const schema = names.map((table) => {
    const store = transaction.objectStore(table);
    const indexes = [...store.indexNames].sort().map((index) => {
      const { keyPath, unique, multiEntry } = store.index(index);
      return { index, keyPath, unique, multiEntry };
    });
    return { table, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
  });
  idb.close();
  return schema;
}

// The versions a device may still hold, as the app declared them then (src/db/database.ts before version 8 alone).
const VERSION_1 = { session: 'key', users: 'id', categories: 'id', villages: 'id, state' };
const VERSION_2 = {
  ...VERSION_1,
  villagers: 'id, village_id, user_id',
  needs: 'id, village_id',
  helps: 'id, village_id, village_need_id, start_date',
  outbox: '++seq, &id, status, villageId',
};
const VERSION_6 = {
  ...VERSION_2,
  helps: 'id, village_id, village_need_id, start_date, [village_id+start_date]',
  sentMarks: 'villageId',
  messages: 'id, village_id, [village_id+created_at]',
  helpStarts: '',
};

describe('the local store, opened by this version of the app', () => {
  it('upgrades a store of version 1, 2 or 6 to the very tables and indexes of a new one, keeping its data', async () => {
    const fresh = new VillageDatabase(`schema-fresh-${crypto.randomUUID()}`);
    await fresh.open();
    fresh.close();
    const expected = await schemaOf(fresh.name);
    expect(expected.map((t) => t.table)).toContain('helpDays');

    for (const [version, stores] of [
      [1, VERSION_1],
      [2, VERSION_2],
      [6, VERSION_6],
    ] as const) {
      const name = `schema-upgrade-${version}-${crypto.randomUUID()}`;
      const before = new Dexie(name);
      before.version(version).stores(stores);
      const village = aVillage();
      await before.table('villages').put(village);
      const help = aHelp({ village_id: village.id });
      if (version > 1) await before.table('helps').put(help);
      before.close();

      const db = new VillageDatabase(name);
      await db.open();
      expect(await db.villages.get(village.id)).toEqual(village);
      // The helps stored before are on the planning's rows, and found through the index added since.
      if (version > 1) {
        expect(await db.helps.where('[village_id+start_date]').between([village.id, ''], [village.id, '\uffff']).primaryKeys()).toEqual([
          help.id,
        ]);
        expect(await db.helpDays.count()).toBe(1);
      }
      db.close();
      expect(await schemaOf(name), `from version ${version}`).toEqual(expected);
      await db.delete();
    }
    await fresh.delete();
  });
});
