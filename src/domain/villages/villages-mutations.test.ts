import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { freshDatabase, onTheWire, seedLocal, signIn } from '../../testing/outbox-world';
import { createVillage } from './mutations/create-village';
import { updateVillage } from './mutations/update-village';
import { finishCreation } from './mutations/finish-creation';
import { openValidation } from './mutations/open-validation';
import { banVillager } from './mutations/ban-villager';
import { leaveVillage } from './mutations/leave-village';
import { aVillage, aVillager } from '../../testing/factories';

const userId = 'user-1';
let db: VillageDatabase;

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
});

describe("a village's own writes", () => {
  it('create-village: a pending village (state 1) with its creator, needy in mode 1, requested with both client ids', async () => {
    const id = uuidv7();
    const villagerId = uuidv7();
    const payload = {
      id,
      villager_id: villagerId,
      user_id: userId,
      input: { creation_mode: 1 as const, reason: 'Une opération du genou' },
    };
    await enqueue(createVillage, payload, { db });
    const village = await db.villages.get(id);
    expect(village).toMatchObject({ id, state: 1, creation_mode: 1, reason: 'Une opération du genou', share_code: '', name: null });
    expect(village?.villagers).toEqual([expect.objectContaining({ id: villagerId, user_id: userId, is_creator: true, is_needy: true })]);
    expect(await db.villagers.get(villagerId)).toMatchObject({ village_id: id });
    expect(onTheWire(createVillage.request(payload))).toEqual({
      method: 'POST',
      path: '/v1/villages',
      body: { creation_mode: 1, reason: 'Une opération du genou', id, villager_id: villagerId },
    });
  });

  it('finish-creation and open-validation move the state to 2 then 3, with the acting villager in the body', async () => {
    const id = uuidv7();
    const me = uuidv7();
    await seedLocal(db, aVillage({ id, state: 1 }));
    await enqueue(finishCreation, { village_id: id, creator_id: me }, { db });
    expect((await db.villages.get(id))?.state).toBe(2);
    await enqueue(openValidation, { village_id: id, villager_id: me }, { db });
    expect((await db.villages.get(id))?.state).toBe(3);
    expect(onTheWire(finishCreation.request({ village_id: id, creator_id: me }))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${id}/fc`,
      body: { creator_id: me },
    });
    expect(onTheWire(openValidation.request({ village_id: id, villager_id: me }))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${id}/vo`,
      body: { villager_id: me },
    });
  });

  it('leave-village marks my villager out and ban-villager marks a helper banned, in the table and in the village row', async () => {
    const id = uuidv7();
    const me = uuidv7();
    const helper = uuidv7();
    const members = [aVillager({ id: me, village_id: id, user_id: userId, is_creator: true }), aVillager({ id: helper, village_id: id })];
    await seedLocal(db, aVillage({ id, villagers: members }));
    await db.villagers.bulkPut(members);

    await enqueue(banVillager, { village_id: id, villager_id: helper, deleter_id: me }, { db });
    expect((await db.villagers.get(helper))?.is_ban).toBe(true);
    expect((await db.villages.get(id))?.villagers?.find((m) => m.id === helper)?.is_ban).toBe(true);
    expect(onTheWire(banVillager.request({ village_id: id, villager_id: helper, deleter_id: me }))).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${id}/villagers/${helper}`,
      query: { deleter_id: me },
    });

    await enqueue(leaveVillage, { village_id: id, villager_id: me }, { db });
    expect((await db.villagers.get(me))?.is_out).toBe(true);
    expect((await db.villages.get(id))?.villagers?.find((m) => m.id === me)?.is_out).toBe(true);
    expect(onTheWire(leaveVillage.request({ village_id: id, villager_id: me }))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${id}/villagers/${me}/leave`,
    });
  });

  it('update-village: the fields sent change, the others and the relations stay; PUT on the village with the input as body', async () => {
    const id = uuidv7();
    const me = uuidv7();
    const village = aVillage({ id, infos: 'Avant', phone: '0102030405' });
    await seedLocal(db, village);
    const payload = { village_id: id, input: { updater_id: me, infos: 'Après', start_date: '2026-12-01' } };
    await enqueue(updateVillage, payload, { db, now: () => new Date('2026-11-21T10:30:00.000Z') });
    expect(await db.villages.get(id)).toEqual({
      ...village,
      infos: 'Après',
      start_date: '2026-12-01',
      updated_at: '2026-11-21T10:30:00.000Z',
    });
    expect(onTheWire(updateVillage.request(payload))).toEqual({ method: 'PUT', path: `/v1/villages/${id}`, body: payload.input });
    expect([updateVillage.villageId(payload), updateVillage.target(payload)]).toEqual([id, `villages:${id}`]);
  });

  it('each says in French what it was, for the list of refused changes', () => {
    const id = uuidv7();
    const me = uuidv7();
    expect(
      createVillage.describe?.({ id, villager_id: me, user_id: userId, input: { creation_mode: 2, name: 'Le village de Paul' } }),
    ).toBe('Création du village «\u00a0Le village de Paul\u00a0»');
    expect(createVillage.describe?.({ id, villager_id: me, user_id: userId, input: { creation_mode: 1 } })).toBe("Création d'un village");
    expect(updateVillage.describe?.({ village_id: id, input: { updater_id: me } })).toBe('Modification du village');
    expect(finishCreation.describe?.({ village_id: id, creator_id: me })).toBe('Fin de la création du village');
    expect(openValidation.describe?.({ village_id: id, villager_id: me })).toBe('Ouverture du village');
    expect(banVillager.describe?.({ village_id: id, villager_id: me, deleter_id: me })).toBe("Retrait d'un membre du village");
    expect(leaveVillage.describe?.({ village_id: id, villager_id: me })).toBe('Départ du village');
  });
});
