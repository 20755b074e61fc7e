import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { createWorld } from '../test/world';
import { helps } from '../db/schema';
import { createSerializers } from '../serialize';
import { createHelpJsonCache } from './help-json-cache';

const world = await createWorld();
const serialize = createSerializers('http://localhost');

type Cache = ReturnType<typeof createHelpJsonCache>;
/** The chunks as the view lays them: in brackets, parted by commas. */
const joined = (chunks: { bytes: Buffer }[]) => `[${chunks.map((c) => c.bytes.toString()).join(',')}]`;
const helpsText = async (cache: Cache, ...args: Parameters<Cache['helpsChunks']>) => joined(await cache.helpsChunks(...args));

async function villageWithHelps(count: number) {
  const { creator, village, helperVillager } = await world.villageWithHelper();
  const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Courses' },
  });
  const start = world.clock.now().getTime() + 24 * 3600_000;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    villageId: village.id,
    villageNeedId: need.body.data.id as string,
    helperId: i % 2 ? helperVillager : village.creatorVillagerId,
    startDate: new Date(start + (i % 5) * 3600_000),
    comment: `Note ${i}`,
  }));
  if (rows.length) await world.db.insert(helps).values(rows);
  return { village, needId: need.body.data.id as string, rows };
}

/** What the view held before the cache: every help read and serialized, by start then id. */
async function fromScratch(villageId: string) {
  const rows = await world.db.select().from(helps).where(eq(helps.villageId, villageId));
  rows.sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || (a.id < b.id ? -1 : 1));
  return JSON.stringify(rows.map((row) => serialize.help(row)));
}

describe('the helps’ JSON kept between builds', () => {
  it('is what serializing every help gives, and follows a row changed, added or removed since', async () => {
    const { village, needId, rows } = await villageWithHelps(12);
    const cache = createHelpJsonCache();
    expect(await helpsText(cache, world.db, serialize, village.id, undefined)).toBe(await fromScratch(village.id));

    // Changed by any instance: the row's version moves with it.
    await world.db
      .update(helps)
      .set({ comment: 'Changée ailleurs', endDate: new Date(rows[3].startDate.getTime() + 3600_000) })
      .where(eq(helps.id, rows[3].id));
    await world.db.delete(helps).where(eq(helps.id, rows[7].id));
    await world.db.insert(helps).values({ ...rows[0], id: uuidv7(), comment: 'Nouvelle' });
    const after = await helpsText(cache, world.db, serialize, village.id, undefined);
    expect(after).toBe(await fromScratch(village.id));
    expect(after).toContain('Changée ailleurs');
    expect(after).not.toContain(rows[7].id);

    // With the need nested, as the spec's full include has it.
    const need = { id: needId, name: 'Courses' };
    const nested = JSON.parse(
      await helpsText(cache, world.db, serialize, village.id, undefined, new Map([[needId, JSON.stringify(need)]])),
    );
    expect(nested).toEqual(JSON.parse(await fromScratch(village.id)).map((help: object) => ({ ...help, village_need: need })));
  });

  it('starts afresh past its size, and a build keeps what it took meanwhile', async () => {
    const { village } = await villageWithHelps(8);
    const cache = createHelpJsonCache(5);
    const [a, b] = await Promise.all([
      helpsText(cache, world.db, serialize, village.id, undefined),
      helpsText(cache, world.db, serialize, village.id, undefined),
    ]);
    expect(a).toBe(await fromScratch(village.id));
    expect(b).toBe(a);
    expect(await helpsText(cache, world.db, serialize, village.id, undefined)).toBe(a);
  });

  it('through the API: a note changed on a help shows in the next read of the village', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Repas' },
    });
    const start = new Date(world.clock.now().getTime() + 48 * 3600_000).toISOString();
    const help = await world.request('POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      token: helper.token,
      json: { helper_id: helperVillager, start_date: start, comment: 'Avant' },
    });
    const read = async () =>
      (await world.request('GET', `/v1/villages/${village.id}?include=helps`, { token: helper.token })).body.data.helps;
    expect(await read()).toEqual([expect.objectContaining({ id: help.body.data.id, comment: 'Avant' })]);
    const changed = await world.request('PUT', `/v1/villages/${village.id}/helps/${help.body.data.id}`, {
      token: helper.token,
      json: { updater_id: helperVillager, comment: 'Après' },
    });
    expect(changed.status).toBe(200);
    expect(await read()).toEqual([expect.objectContaining({ id: help.body.data.id, comment: 'Après' })]);
  });

  it('hands back the same chunks, their bytes and segments kept, while neither its helps nor their needs change', async () => {
    const { village, needId, rows } = await villageWithHelps(6);
    const cache = createHelpJsonCache();
    const first = await cache.helpsChunks(world.db, serialize, village.id, undefined);
    expect(await cache.helpsChunks(world.db, serialize, village.id, undefined)).toBe(first);
    // Another window or nesting is another list.
    const from = new Date(rows[0].startDate.getTime() + 3600_000);
    const windowed = await cache.helpsChunks(world.db, serialize, village.id, from);
    expect(windowed).not.toBe(first);
    expect(await cache.helpsChunks(world.db, serialize, village.id, from)).toBe(windowed);
    const nested = await cache.helpsChunks(world.db, serialize, village.id, undefined, new Map([[needId, '{"name":"Courses"}']]));
    expect(await cache.helpsChunks(world.db, serialize, village.id, undefined, new Map([[needId, '{"name":"Courses"}']]))).toBe(nested);
    // The need's JSON changed: the nested list is built again, the plain one is not.
    const renamed = await cache.helpsChunks(world.db, serialize, village.id, undefined, new Map([[needId, '{"name":"Repas"}']]));
    expect(renamed).not.toBe(nested);
    expect(joined(renamed)).toContain('"village_need":{"name":"Repas"}');
    expect(await cache.helpsChunks(world.db, serialize, village.id, undefined)).toBe(first);
    // A help changed: a new part, and the same again after.
    await world.db.update(helps).set({ comment: 'Changée' }).where(eq(helps.id, rows[2].id));
    const changed = await cache.helpsChunks(world.db, serialize, village.id, undefined);
    expect(changed).not.toBe(first);
    expect(joined(changed)).toBe(await fromScratch(village.id));
    expect(await cache.helpsChunks(world.db, serialize, village.id, undefined)).toBe(changed);
    // All gone: an empty list.
    await world.db.delete(helps).where(eq(helps.villageId, village.id));
    expect(await helpsText(cache, world.db, serialize, village.id, undefined)).toBe('[]');
  });

  it('cuts the list where the helps themselves say, so that a help written rebuilds its own chunk only', async () => {
    const { village, needId } = await villageWithHelps(0);
    // Ids whose last byte is 00 end a chunk (one in 128 at random; here every 50th help, so the test knows where).
    const id = (i: number) => `0190f3a2-7b1c-7d4e-8f00-${i.toString(16).padStart(10, '0')}${i % 50 === 49 ? '00' : '01'}`;
    const start = world.clock.now().getTime() + 24 * 3600_000;
    await world.db.insert(helps).values(
      Array.from({ length: 200 }, (_, i) => ({
        id: id(i),
        villageId: village.id,
        villageNeedId: needId,
        helperId: village.creatorVillagerId,
        startDate: new Date(start + i * 60_000),
        comment: `Note ${i}`,
      })),
    );
    const cache = createHelpJsonCache();
    const first = await cache.helpsChunks(world.db, serialize, village.id, undefined);
    expect(first.map((chunk) => (JSON.parse(`[${chunk.bytes}]`) as unknown[]).length)).toEqual([50, 50, 50, 50]);
    expect(joined(first)).toBe(await fromScratch(village.id));

    await world.db
      .update(helps)
      .set({ comment: 'Changée' })
      .where(eq(helps.id, id(120)));
    const second = await cache.helpsChunks(world.db, serialize, village.id, undefined);
    expect(second.map((chunk, i) => chunk === first[i])).toEqual([true, true, false, true]);
    expect(joined(second)).toBe(await fromScratch(village.id));

    // A help added to the first chunk, one removed from the last: the middle two are kept.
    await world.db.insert(helps).values({
      id: id(1000),
      villageId: village.id,
      villageNeedId: needId,
      helperId: village.creatorVillagerId,
      startDate: new Date(start + 30_000),
      comment: 'Ajoutée',
    });
    await world.db.delete(helps).where(eq(helps.id, id(190)));
    const third = await cache.helpsChunks(world.db, serialize, village.id, undefined);
    expect(third.map((chunk, i) => chunk === second[i])).toEqual([false, true, true, false]);
    expect(joined(third)).toBe(await fromScratch(village.id));
  });
});
