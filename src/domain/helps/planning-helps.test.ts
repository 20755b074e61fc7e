import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { VillageDatabase } from '../../db/database';
import { aHelp, aVillager } from '../../testing/factories';
import { activeHelps } from './help-reads';
import { readPlanningHelps } from './planning-helps';

let database: VillageDatabase | undefined;
afterEach(async () => {
  await database?.delete();
  database = undefined;
});

describe('the planning read', () => {
  it('gives the active helps of the range in start order without sorting them, as activeHelps would', async () => {
    database = new VillageDatabase(`planning-read-${crypto.randomUUID()}`);
    await database.open();
    const here = aVillager({ id: 'here', village_id: 'v' });
    const gone = aVillager({ id: 'gone', village_id: 'v', is_out: true });
    // Written out of order, some on the same start, one of someone gone, one outside the range, one of another village.
    const starts = [
      '2026-11-20T09:00:00.000Z',
      '2026-11-18T17:30:00.000Z',
      '2026-11-18T08:00:00.000Z',
      '2026-11-20T09:00:00.000Z',
      '2026-11-19T23:00:00.000Z',
    ];
    const helps = [
      ...starts.map((start_date, i) =>
        aHelp({
          id: `h${i}`,
          village_id: 'v',
          helper_id: 'here',
          start_date,
          end_date: i % 2 ? null : `${start_date.slice(0, 11)}23:00:00.000Z`,
        }),
      ),
      aHelp({ id: 'of-gone', village_id: 'v', helper_id: 'gone', start_date: '2026-11-19T10:00:00.000Z' }),
      aHelp({ id: 'later', village_id: 'v', helper_id: 'here', start_date: '2026-11-25T10:00:00.000Z' }),
      aHelp({ id: 'elsewhere', village_id: 'w', helper_id: 'here', start_date: '2026-11-19T10:00:00.000Z' }),
    ];
    await database.helps.bulkPut(helps);
    await database.villagers.bulkPut([here, gone]);

    const read = await readPlanningHelps(database, 'v', { from: '2026-11-18', to: '2026-11-21' });

    // Same start: the one without an end first (the keys' order), a tie activeHelps leaves as it finds it.
    expect(read.map((h) => h.id)).toEqual(['h2', 'h1', 'h4', 'h3', 'h0']);
    const inRange = helps.filter((h) => h.village_id === 'v' && h.start_date < '2026-11-21');
    expect(read.map((h) => h.start_date)).toEqual(activeHelps(inRange, [here, gone]).map((h) => h.start_date));
  });
});
