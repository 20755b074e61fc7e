import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { createWorld, type TestUser } from '../../server/test/world';
import { helps } from '../../server/db/schema';
import type { VillageDatabase } from '../db/database';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { pullVillage } from './pull-village';
import { recentHelpsFrom } from '../contract/villages';
import { pullOlderHelps } from './pull-older-helps';
import { freshDatabase, signIn, transportTo } from '../testing/outbox-world';

const kinds = await provideAppMutationKinds();
const world = await createWorld();
const serverFetch = ((url: URL | string, init?: RequestInit) => world.app.request(url, init)) as typeof fetch;
const DAY = 24 * 3600_000;

let db: VillageDatabase;
let jeanne: TestUser;
let village: { id: string; creatorVillagerId: string };
let needIds: string[];
/** A year of helps, one every 4 days, written straight to the database: the API takes none in the past. */
let history: (typeof helps.$inferInsert & { id: string; startDate: Date; villageNeedId: string })[];

beforeEach(async () => {
  db = freshDatabase();
  jeanne = await world.user('Jeanne');
  village = await world.village(jeanne);
  await signIn(db, jeanne.id, jeanne.token);
  needIds = [];
  for (const name of ['Courses', 'Visite']) {
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: jeanne.token,
      json: { villager_id: village.creatorVillagerId, name },
    });
    needIds.push(need.body.data.id);
  }
  const now = world.clock.now().getTime();
  history = Array.from({ length: 95 }, (_, i) => ({
    id: uuidv7(),
    villageId: village.id,
    villageNeedId: needIds[i % 2],
    helperId: village.creatorVillagerId,
    startDate: new Date(now - (i * 4 - 8) * DAY),
    comment: null,
  }));
  await world.db.insert(helps).values(history);
});
afterEach(() => db.delete());

const transport = () => transportTo(serverFetch, jeanne.token);
const localIds = async () => (await db.helps.where('village_id').equals(village.id).primaryKeys()).sort();
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
// The app asks for the window by its own clock, whatever the test server's says.
const windowStart = () => new Date(`${recentHelpsFrom()}T00:00:00Z`);

describe('the pull and the older helps', () => {
  it('a pull brings the recent helps only; pages of older ones bring the rest, newest first', async () => {
    expect((await pullVillage(transport(), db, jeanne.id, village.id)).ok).toBe(true);
    const recent = history.filter((h) => h.startDate >= windowStart());
    expect(await localIds()).toEqual(idsOf(recent));
    expect(recent.length).toBeLessThan(history.length);

    let before = windowStart().toISOString();
    const pages: number[] = [];
    for (;;) {
      const page = await pullOlderHelps(transport(), db, jeanne.id, village.id, { before, limit: 20 });
      if (!page.ok) throw new Error('page refused');
      pages.push(page.helps.length);
      expect(page.helps.map((h) => h.start_date)).toEqual([...page.helps.map((h) => h.start_date)].sort().reverse());
      if (!page.hasMore) break;
      before = page.helps[page.helps.length - 1].id;
    }
    expect(await localIds()).toEqual(idsOf(history));
    expect(pages.slice(0, -1).every((n) => n === 20)).toBe(true);

    // A later pull keeps the older helps this device read.
    expect((await pullVillage(transport(), db, jeanne.id, village.id)).ok).toBe(true);
    expect(await localIds()).toEqual(idsOf(history));
  });

  it('a page drops the helps of its span that the server no longer has, and keeps a removal waiting to be sent', async () => {
    await pullVillage(transport(), db, jeanne.id, village.id);
    const before = windowStart().toISOString();
    await pullOlderHelps(transport(), db, jeanne.id, village.id, { before, limit: 500 });
    const older = history.filter((h) => h.startDate < windowStart());
    const [goneOnServer, removedHere] = [older[3], older[5]];
    await world.db.delete(helps).where(eq(helps.id, goneOnServer.id));
    await enqueue(
      kinds.get('delete-help'),
      { village_id: village.id, help_id: removedHere.id, villager_id: village.creatorVillagerId },
      { db },
    );
    expect(await db.helps.get(removedHere.id)).toBeUndefined();

    const page = await pullOlderHelps(transport(), db, jeanne.id, village.id, { before, limit: 500 });
    expect(page.ok && page.hasMore).toBe(false);
    const expected = history.filter((h) => h.id !== goneOnServer.id && h.id !== removedHere.id);
    expect(await localIds()).toEqual(idsOf(expected));
  });

  it('keeps to a period and to one need', async () => {
    await pullVillage(transport(), db, jeanne.id, village.id);
    const now = world.clock.now().getTime();
    const from = new Date(now - 200 * DAY).toISOString();
    const before = new Date(now - 150 * DAY).toISOString();
    const page = await pullOlderHelps(transport(), db, jeanne.id, village.id, { before, from, needId: needIds[1], limit: 500 });
    const wanted = history.filter((h) => h.startDate >= new Date(from) && h.startDate < new Date(before) && h.villageNeedId === needIds[1]);
    expect(page.ok && idsOf(page.helps)).toEqual(idsOf(wanted));
    expect(wanted.length).toBeGreaterThan(3);
    const local = await db.helps.where('village_id').equals(village.id).toArray();
    expect(
      local
        .filter((h) => Date.parse(h.start_date) < Date.parse(before))
        .map((h) => h.id)
        .sort(),
    ).toEqual(idsOf(wanted));
  });

  it('says the network is missing without touching what the device holds', async () => {
    await pullVillage(transport(), db, jeanne.id, village.id);
    const held = await localIds();
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const page = await pullOlderHelps(transportTo(offline, jeanne.token), db, jeanne.id, village.id, {
      before: windowStart().toISOString(),
    });
    expect(page).toEqual({ ok: false, failure: { kind: 'offline' } });
    expect(await localIds()).toEqual(held);
  });
});
