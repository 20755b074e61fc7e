import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../db/database';
import { enqueue } from './enqueue';
import { mutationKind, mutationRegistry } from './registry';
import { freshDatabase, helpRow, needRow, seedLocal, signIn, villageRow } from './test/local-world';

const MADE_AT = new Date('2026-11-21T10:30:00.000Z');
const now = () => MADE_AT;

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const villagerId = uuidv7();

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
});
afterEach(() => db.delete());

describe('the registry', () => {
  it('declares every kind of queued write once', () => {
    expect(Object.keys(mutationRegistry).sort()).toEqual(
      ['add-help', 'ban-villager', 'check-notifications', 'create-need', 'create-village', 'delete-help', 'delete-need', 'finish-creation', 'leave-village', 'open-validation', 'refuse-help', 'send-message', 'update-need', 'update-village'].sort(),
    );
  });

  it('refuses an unknown kind and a payload that does not fit its schema, leaving nothing behind', async () => {
    expect(() => mutationKind('launch-rocket')).toThrow('Unknown mutation kind: launch-rocket');
    await expect(enqueue('create-need', { village_id: 'not-a-uuid', id: uuidv7(), input: {} }, { db })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs.count()).toBe(0);
  });

  it('needs a signed-in user and then writes neither the effect nor the entry', async () => {
    await db.session.delete('current');
    const id = uuidv7();
    await expect(
      enqueue('create-need', { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } }, { db }),
    ).rejects.toThrow('No signed-in user');
    expect(await db.needs.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('enqueue', () => {
  it('writes the entry with its owner, village, time and the pending state', async () => {
    const id = uuidv7();
    const entry = await enqueue('create-need', { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } }, { db, now });
    const stored = await db.outbox.get(entry.seq!);
    expect(stored).toMatchObject({
      id: entry.id,
      userId,
      kind: 'create-need',
      villageId,
      createdAt: MADE_AT.toISOString(),
      status: 'pending',
      attempts: 0,
      notBefore: 0,
    });
    // The entry id is the Idempotency-Key: unique per write.
    const second = await enqueue('create-need', { village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, name: 'Repas' } }, { db, now });
    expect(second.id).not.toBe(entry.id);
    expect(second.seq!).toBeGreaterThan(entry.seq!);
  });
});

describe('local effects', () => {
  it('create-need: a free need at once, stamped with the time it was made', async () => {
    const id = uuidv7();
    await enqueue('create-need', { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses', description: 'Le mardi' } }, { db, now });
    expect(await db.needs.get(id)).toEqual({
      id,
      village_id: villageId,
      need_id: null,
      category_id: null,
      name: 'Courses',
      description: 'Le mardi',
      created_at: MADE_AT.toISOString(),
      updated_at: MADE_AT.toISOString(),
    });
  });

  it('create-need: a catalogue need brings its name and category from the local catalogue', async () => {
    const categoryId = uuidv7();
    const catalogueId = uuidv7();
    await db.categories.put({ id: categoryId, name: 'Maison', needs: [{ id: catalogueId, category_id: categoryId, name: 'Ménage' }] } as never);
    const id = uuidv7();
    await enqueue('create-need', { village_id: villageId, id, input: { villager_id: villagerId, need_id: catalogueId } }, { db, now });
    expect(await db.needs.get(id)).toMatchObject({ need_id: catalogueId, category_id: categoryId, name: 'Ménage' });
  });

  it('update-need: only the fields sent change, updated_at moves, the updater is not stored', async () => {
    const need = needRow(villageId, uuidv7(), { name: 'Courses', description: 'Le mardi' });
    await seedLocal(db, villageRow(villageId), [need]);
    await enqueue('update-need', { village_id: villageId, need_id: need.id, input: { updater_id: villagerId, name: 'Grandes courses' } }, { db, now });
    const stored = await db.needs.get(need.id);
    expect(stored).toEqual({ ...need, name: 'Grandes courses', updated_at: MADE_AT.toISOString() });
    expect(stored).not.toHaveProperty('updater_id');
  });

  it('update-need: a need that is not here changes nothing (the server will answer)', async () => {
    const missing = uuidv7();
    await enqueue('update-need', { village_id: villageId, need_id: missing, input: { updater_id: villagerId, name: 'X' } }, { db, now });
    expect(await db.needs.get(missing)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('delete-need: the need and its helps go, other needs keep theirs', async () => {
    const need = needRow(villageId);
    const other = needRow(villageId);
    const helps = [helpRow(need, villagerId), helpRow(need, villagerId), helpRow(other, villagerId)];
    await seedLocal(db, villageRow(villageId), [need, other], helps);
    await enqueue('delete-need', { village_id: villageId, need_id: need.id, villager_id: villagerId }, { db, now });
    expect(await db.needs.get(need.id)).toBeUndefined();
    expect((await db.helps.toArray()).map((h) => h.id)).toEqual([helps[2].id]);
    expect(await db.needs.get(other.id)).toEqual(other);
  });

  it('add-help: the help appears on its need, dates normalised to ISO UTC', async () => {
    const need = needRow(villageId);
    await seedLocal(db, villageRow(villageId), [need]);
    const id = uuidv7();
    await enqueue(
      'add-help',
      {
        village_id: villageId,
        village_need_id: need.id,
        id,
        input: { helper_id: villagerId, start_date: '2026-12-01T10:00:00+01:00', end_date: '2026-12-01T12:00:00+01:00', comment: 'Je passe' },
      },
      { db, now },
    );
    expect(await db.helps.get(id)).toEqual({
      id,
      village_id: villageId,
      village_need_id: need.id,
      helper_id: villagerId,
      start_date: '2026-12-01T09:00:00.000Z',
      end_date: '2026-12-01T11:00:00.000Z',
      comment: 'Je passe',
      created_at: MADE_AT.toISOString(),
      village_need: need,
    });
  });

  it('add-help: on a need that is gone locally, nothing shows but the write is still queued', async () => {
    const id = uuidv7();
    await enqueue('add-help', { village_id: villageId, village_need_id: uuidv7(), id, input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' } }, { db, now });
    expect(await db.helps.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it.each(['delete-help', 'refuse-help'])('%s: the help goes, the others stay', async (kind) => {
    const need = needRow(villageId);
    const [gone, kept] = [helpRow(need, villagerId), helpRow(need, villagerId)];
    await seedLocal(db, villageRow(villageId), [need], [gone, kept]);
    await enqueue(kind, { village_id: villageId, help_id: gone.id, villager_id: villagerId }, { db, now });
    expect(await db.helps.get(gone.id)).toBeUndefined();
    expect(await db.helps.get(kept.id)).toEqual(kept);
  });

  it('update-village: the fields sent change, the others and the relations stay', async () => {
    const village = villageRow(villageId, { infos: 'Avant', phone: '0102030405' });
    await seedLocal(db, village);
    await enqueue('update-village', { village_id: villageId, input: { updater_id: villagerId, infos: 'Après', start_date: '2026-12-01' } }, { db, now });
    expect(await db.villages.get(villageId)).toEqual({ ...village, infos: 'Après', start_date: '2026-12-01', updated_at: MADE_AT.toISOString() });
  });

  it('re-applying an effect on the same rows gives the same rows (rebase relies on it)', async () => {
    const need = needRow(villageId);
    await seedLocal(db, villageRow(villageId), [need]);
    const helpId = uuidv7();
    const payload = { village_id: villageId, village_need_id: need.id, id: helpId, input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' } };
    await enqueue('add-help', payload, { db, now });
    const once = await db.helps.toArray();
    await db.transaction('rw', [db.needs, db.helps, db.categories, db.villages], () =>
      mutationKind('add-help').apply(db, payload, { createdAt: MADE_AT.toISOString() }),
    );
    expect(await db.helps.toArray()).toEqual(once);
  });
});

describe('requests', () => {
  const needId = uuidv7();
  const helpId = uuidv7();
  const requestOf = (kind: string, payload: unknown) => mutationKind(kind).request(payload);

  it('create-need: POST to the village needs with the client id in the body', () => {
    expect(requestOf('create-need', { village_id: villageId, id: needId, input: { villager_id: villagerId, name: 'Courses' } })).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/needs`,
      body: { villager_id: villagerId, name: 'Courses', id: needId },
    });
  });

  it('update-need: PUT on the need with the input as body', () => {
    const input = { updater_id: villagerId, name: 'Repas' };
    expect(requestOf('update-need', { village_id: villageId, need_id: needId, input })).toEqual({
      method: 'PUT',
      path: `/v1/villages/${villageId}/needs/${needId}`,
      body: input,
    });
  });

  it('delete-need: DELETE on the need, acting villager in the query', () => {
    expect(requestOf('delete-need', { village_id: villageId, need_id: needId, villager_id: villagerId })).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/needs/${needId}`,
      query: { villager_id: villagerId },
    });
  });

  it('add-help: POST on the need helps with the client id in the body', () => {
    const input = { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' };
    expect(requestOf('add-help', { village_id: villageId, village_need_id: needId, id: helpId, input })).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/needs/${needId}/helps`,
      body: { ...input, id: helpId },
    });
  });

  it('delete-help and refuse-help: DELETE on the help (refuse has its own path)', () => {
    const payload = { village_id: villageId, help_id: helpId, villager_id: villagerId };
    expect(requestOf('delete-help', payload)).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/helps/${helpId}`,
      query: { villager_id: villagerId },
    });
    expect(requestOf('refuse-help', payload)).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/helps/${helpId}/refuse`,
      query: { villager_id: villagerId },
    });
  });

  it('update-village: PUT on the village with the input as body', () => {
    const input = { updater_id: villagerId, infos: 'Code 1234' };
    expect(requestOf('update-village', { village_id: villageId, input })).toEqual({ method: 'PUT', path: `/v1/villages/${villageId}`, body: input });
  });

  it('each kind names the village of its entry and the row it writes', () => {
    const cases: [string, unknown, string][] = [
      ['create-need', { village_id: villageId, id: needId, input: { villager_id: villagerId, name: 'a' } }, `needs:${needId}`],
      ['update-need', { village_id: villageId, need_id: needId, input: { updater_id: villagerId } }, `needs:${needId}`],
      ['delete-need', { village_id: villageId, need_id: needId, villager_id: villagerId }, `needs:${needId}`],
      ['add-help', { village_id: villageId, village_need_id: needId, id: helpId, input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' } }, `helps:${helpId}`],
      ['delete-help', { village_id: villageId, help_id: helpId, villager_id: villagerId }, `helps:${helpId}`],
      ['refuse-help', { village_id: villageId, help_id: helpId, villager_id: villagerId }, `helps:${helpId}`],
      ['update-village', { village_id: villageId, input: { updater_id: villagerId } }, `villages:${villageId}`],
    ];
    for (const [kind, payload, target] of cases) {
      expect(mutationKind(kind).villageId(payload)).toBe(villageId);
      expect(mutationKind(kind).target(payload)).toBe(target);
    }
  });
});
