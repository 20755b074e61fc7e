import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { VillageDatabase } from './database';
import { helpDaysRange, helpStartKey, parseHelpStartKey } from './help-starts';
import { helpsOfDays, keysOfDays } from './help-day-rows';
import { aHelp } from '../testing/factories';

let database: VillageDatabase | undefined;
afterEach(async () => {
  await database?.delete();
  database = undefined;
});

async function freshDatabase(name = `help-starts-${crypto.randomUUID()}`, written?: string[]) {
  database = new VillageDatabase(name);
  // Below the mirror: the helps it lets through to IndexedDB.
  if (written)
    database.use({
      stack: 'dbcore',
      name: 'spy',
      level: 5,
      create: (down) => ({
        ...down,
        table: (tableName) => {
          const table = down.table(tableName);
          return {
            ...table,
            mutate: (req) => (
              tableName === 'helps' && req.type === 'put' && written.push(...req.values.map((v: { id: string }) => v.id)),
              table.mutate(req)
            ),
          };
        },
      }),
    });
  await database.open();
  return database;
}

/** The planning's view of the helps table: every help's key, sorted, as the days table must hold them, no day left empty. */
/** The villages' dictionaries of ids, by village. */
const dictionariesOf = async (db: VillageDatabase) => {
  const [villages, rows] = await Promise.all([db.helpIds.toCollection().primaryKeys(), db.helpIds.toArray()]);
  return new Map(villages.map((village, i) => [village, rows[i]]));
};

async function expectMirrored(db: VillageDatabase) {
  const helps = await db.helps.toArray();
  const rows = await db.helpDays.toArray();
  const dictionaries = await dictionariesOf(db);
  const keys = keysOfDays(rows, dictionaries);
  expect(keys).toEqual(helps.map(helpStartKey).sort());
  expect(rows.every(Boolean)).toBe(true);
  // The planning's read gives the same helps, in the same order, as the keys parsed one by one.
  expect(helpsOfDays(rows, dictionaries)).toEqual(keys.map(parseHelpStartKey));
  return keys.map(parseHelpStartKey);
}

const V = 'village-a';

describe("the helps' planning keys", () => {
  it('hold what the planning shows of a help, and read back to it', () => {
    const help = aHelp({ village_id: V, start_date: '2026-12-01T09:00:00.000Z', end_date: null, comment: 'Un mot' });
    const { id, village_id, village_need_id, helper_id, start_date, end_date } = help;
    expect(parseHelpStartKey(helpStartKey(help))).toEqual({ id, village_id, village_need_id, helper_id, start_date, end_date });
    expect(parseHelpStartKey(helpStartKey({ ...help, end_date: '2026-12-01T10:00:00.000Z' })).end_date).toBe('2026-12-01T10:00:00.000Z');
  });

  it('are kept shorter in their rows, every start, end and id read back whole', async () => {
    const db = await freshDatabase();
    const helps = [
      aHelp({ village_id: V, start_date: '2026-12-01T09:00:00.000Z', end_date: '2026-12-01T10:30:00.000Z' }),
      aHelp({ village_id: V, start_date: '2026-12-01T22:00:00.000Z', end_date: '2026-12-02T01:00:00.000Z' }),
      aHelp({ village_id: V, start_date: '2026-12-01T12:00:00.000Z', end_date: null }),
      aHelp({ village_id: V, start_date: '2026-12-01T15:00:00.000Z', end_date: '2026-12-01' }),
    ];
    await db.helps.bulkPut(helps);
    const shown = await expectMirrored(db);
    expect(shown.map(({ start_date, end_date }) => [start_date, end_date])).toEqual([
      ['2026-12-01T09:00:00.000Z', '2026-12-01T10:30:00.000Z'],
      ['2026-12-01T12:00:00.000Z', null],
      ['2026-12-01T15:00:00.000Z', '2026-12-01'],
      ['2026-12-01T22:00:00.000Z', '2026-12-02T01:00:00.000Z'],
    ]);
    const [row] = await db.helpDays.toArray();
    // The village and day once, then each help in start order: its start and end on the day as four digits (the
    // date-only end and the end on the next day whole), its need and helper by their place in the village's
    // dictionary (base 36), its id whole.
    const [at9, at22, at12, at15] = helps;
    const entry = (help: typeof at9, times: string, codes: string) => [...times.split(' '), ...codes.split(' '), help.id].join('\u0001');
    expect(row).toBe(
      [
        `${V}\u00012026-12-01`,
        entry(at9, '0900 1030', '0 1'),
        entry(at12, '1200 ', '2 3'),
        entry(at15, '1500 2026-12-01', '4 5'),
        entry(at22, '2200 2026-12-02T01:00:00.000Z', '6 7'),
      ].join('\u0002'),
    );
    const ids = [at9, at12, at15, at22].flatMap((help) => [help.village_need_id, help.helper_id]);
    expect(await db.helpIds.get(V)).toBe(ids.join('\u0001'));
    // A need or helper already named keeps its code; a new one takes the next.
    await db.helps.put(
      aHelp({ village_id: V, start_date: '2026-12-01T23:00:00.000Z', village_need_id: at12.village_need_id, helper_id: 'nouveau' }),
    );
    expect(
      (await db.helpDays.toArray())[0].endsWith(
        '\u00012\u00018\u0001' + (await db.helps.toArray()).find((h) => h.helper_id === 'nouveau')!.id,
      ),
    ).toBe(true);
    expect(await db.helpIds.get(V)).toBe([...ids, 'nouveau'].join('\u0001'));
    await expectMirrored(db);
  });

  it('read back whole the starts and ends that are not whole minutes of the day, or only look like short ones', async () => {
    const db = await freshDatabase();
    const odd: [string, string | null][] = [
      ['2026-12-01T09:00:30.000Z', '2026-12-01T09:45:00.001Z'],
      ['2026-12-01T09:00:00.000Z', '2026-12-01T09:00:00.000+01:00'],
      ['2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z'],
      ['2026-12-01T10:00:00.000+01:00', '2026'],
      ['2026-12-01T11:00:00.000Z', '=2026-12-02'],
      ['2026-12-01Tab:cd:00.000Z', '2026-12-01Tab:cd:00.000Z'],
      ['2026-12-01', '2026-12-01T23:59:00.000Z'],
      ['2026-12-01=123', '2026-12-01T00:00:00.000Z'],
      ['2026-12-011234', '1234'],
    ];
    const helps = odd.map(([start_date, end_date]) => aHelp({ village_id: V, start_date, end_date }));
    await db.helps.bulkPut(helps);
    const shown = await expectMirrored(db);
    const byId = new Map(shown.map((help) => [help.id, help]));
    expect(helps.map((help) => [byId.get(help.id)?.start_date, byId.get(help.id)?.end_date])).toEqual(odd);
  });

  it('follow every way the helps are written: put, bulk put, update, delete, a range deleted, clear', async () => {
    const db = await freshDatabase();
    const first = aHelp({ village_id: V, start_date: '2026-12-01T09:00:00.000Z' });
    await db.helps.put(first);
    await db.helps.bulkPut([aHelp({ village_id: V }), aHelp({ village_id: 'village-b' }), { ...first, helper_id: 'someone-else' }]);
    expect(await expectMirrored(db)).toHaveLength(3);
    await db.helps.update(first.id, { end_date: '2026-12-01T11:00:00.000Z', start_date: '2026-12-01T10:00:00.000Z' });
    const moved = (await expectMirrored(db)).find((help) => help.id === first.id);
    expect(moved).toMatchObject({
      start_date: '2026-12-01T10:00:00.000Z',
      end_date: '2026-12-01T11:00:00.000Z',
      helper_id: 'someone-else',
    });
    await db.helps.where('[village_id+start_date]').between([V, '2026-12-01'], [V, Dexie.maxKey]).modify({ comment: 'Modifié' });
    await expectMirrored(db);
    await db.helps.delete(first.id);
    expect(await expectMirrored(db)).toHaveLength(2);
    await db.helps.where('village_id').equals('village-b').delete();
    expect(await expectMirrored(db)).toHaveLength(1);
    await db.helps.bulkPut([aHelp({ village_id: V }), aHelp({ village_id: V })]);
    await db.helps.clear();
    expect(await expectMirrored(db)).toEqual([]);
  });

  it('keep the key of a help whose write failed', async () => {
    const db = await freshDatabase();
    const help = aHelp({ village_id: V });
    await db.helps.add(help);
    await expect(db.helps.bulkAdd([{ ...help, start_date: '2027-01-01T09:00:00.000Z' }, aHelp({ village_id: V })])).rejects.toThrow();
    // bulkAdd goes on past a failure: the new help is in, the existing one kept its start.
    expect((await expectMirrored(db)).map((h) => h.start_date)).toContain(help.start_date);
  });

  it('leave out of a put the helps stored as they are, and answer for all of them', async () => {
    const written: string[] = [];
    const db = await freshDatabase(undefined, written);
    const same = aHelp({ village_id: V });
    const moved = aHelp({ village_id: V });
    await db.helps.bulkPut([same, moved]);
    written.length = 0;
    const fresh = aHelp({ village_id: V });
    const keys = await db.helps.bulkPut([{ ...same }, { ...moved, start_date: '2027-02-01T08:00:00.000Z' }, fresh], { allKeys: true });
    expect(keys).toEqual([same.id, moved.id, fresh.id]);
    expect(written).toEqual([moved.id, fresh.id]);
    expect((await expectMirrored(db)).map((help) => help.id).sort()).toEqual([same.id, moved.id, fresh.id].sort());
    await db.helps.put({ ...same });
    expect(written).toEqual([moved.id, fresh.id]);
  });

  it('are written in the same transaction as the helps: a transaction that fails leaves both as they were', async () => {
    const db = await freshDatabase();
    await db.helps.put(aHelp({ village_id: V }));
    await expect(
      db.transaction('rw', db.helps, async () => {
        await db.helps.put(aHelp({ village_id: V }));
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await expectMirrored(db)).toHaveLength(1);
  });

  it('bound a village and a span of start days, whatever other villages share its prefix', async () => {
    const db = await freshDatabase();
    const inside = aHelp({ village_id: V, start_date: '2026-12-01T23:30:00.000Z' });
    await db.helps.bulkPut([
      inside,
      aHelp({ village_id: V, start_date: '2026-11-30T23:59:59.999Z' }),
      aHelp({ village_id: V, start_date: '2026-12-02T00:00:00.000Z' }),
      aHelp({ village_id: `${V}-2`, start_date: '2026-12-01T12:00:00.000Z' }),
      aHelp({ village_id: 'village', start_date: '2026-12-01T12:00:00.000Z' }),
    ]);
    const [from, to] = helpDaysRange(V, '2026-12-01', '2026-12-02');
    const rows = await db.helpDays.where(':id').between(from, to, true, false).toArray();
    expect(
      keysOfDays(rows, await dictionariesOf(db))
        .map(parseHelpStartKey)
        .map((help) => help.id),
    ).toEqual([inside.id]);
  });

  it('keep every key when writes of one transaction change the same day at once', async () => {
    const db = await freshDatabase();
    const sameDay = Array.from({ length: 6 }, (_, i) => aHelp({ village_id: V, start_date: `2026-12-01T0${i}:00:00.000Z` }));
    await db.helps.put(sameDay[0]);
    await db.transaction('rw', db.helps, () =>
      Promise.all([...sameDay.slice(1).map((help) => db.helps.put(help)), db.helps.delete(sameDay[0].id)]),
    );
    expect((await expectMirrored(db)).map((help) => help.id)).toEqual(sameDay.slice(1).map((help) => help.id));
    expect(await db.helpDays.count()).toBe(1);
  });

  it('are built from the helps already stored when a device upgrades, from a store with the older keys, rows of an older form or neither', async () => {
    const helps = [
      aHelp({ village_id: V }),
      aHelp({ village_id: V, end_date: '2026-12-01T12:00:00.000Z' }),
      aHelp({ village_id: 'village-b' }),
    ];
    const helpsSchema = 'id, village_id, village_need_id, start_date, [village_id+start_date]';
    for (const [version, stores] of [
      [5, { helps: helpsSchema }],
      [6, { helps: helpsSchema, helpStarts: '' }],
      [7, { helps: helpsSchema, helpDays: '' }],
      [8, { helps: helpsSchema, helpDays: '' }],
    ] as const) {
      const name = `help-starts-upgrade-${version}-${crypto.randomUUID()}`;
      const before = new Dexie(name);
      before.version(version).stores(stores);
      await before.table('helps').bulkPut(helps);
      // Version 7's rows: each village's day holds its whole keys, sorted, joined.
      if (version === 7) {
        const rows = new Map<string, string[]>();
        for (const key of helps.map(helpStartKey).sort()) {
          const day = key.slice(0, key.indexOf('\u0001') + 1 + 10);
          rows.set(day, [...(rows.get(day) ?? []), key]);
        }
        for (const [day, keys] of rows) await before.table('helpDays').put(keys.join('\u0002'), day);
      }
      // Version 8's rows: the village and day once, each key after it without them (times still whole).
      if (version === 8) {
        const rows = new Map<string, string[]>();
        for (const key of helps.map(helpStartKey).sort()) {
          const day = key.slice(0, key.indexOf('\u0001') + 1 + 10);
          rows.set(day, [...(rows.get(day) ?? []), key.slice(day.length)]);
        }
        for (const [day, rests] of rows) await before.table('helpDays').put([day, ...rests].join('\u0002'), day);
      }
      before.close();
      const db = await freshDatabase(name);
      expect(await expectMirrored(db)).toHaveLength(3);
      // Rewritten in this version's form, as a new store writes the same helps.
      const written = new VillageDatabase(`help-starts-written-${crypto.randomUUID()}`);
      await written.helps.bulkPut(helps);
      expect(await db.helpDays.toArray()).toEqual(await written.helpDays.toArray());
      expect(await dictionariesOf(db)).toEqual(await dictionariesOf(written));
      await written.delete();
      expect(db.tables.map((table) => table.name)).not.toContain('helpStarts');
      await db.delete();
    }
  });
});
