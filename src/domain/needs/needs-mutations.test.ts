import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { createNeed as createNeedEndpoint } from '../../contract/endpoints/needs';
import { enqueue } from '../../outbox/enqueue';
import { onTheWire, seedLocal, MADE_AT, signedInDevice } from '../../testing/outbox-world';
import { createNeed } from './mutations/create-need';
import { updateNeed } from './mutations/update-need';
import { deleteNeed } from './mutations/delete-need';
import { aHelpOn, aNeed, aVillage } from '../../testing/factories';

let db: VillageDatabase;
const { villageId, villagerId, now } = signedInDevice((fresh) => (db = fresh));

describe('local effects', () => {
  it('create-need: a free need at once, stamped with the time it was made', async () => {
    const id = uuidv7();
    await enqueue(
      createNeed,
      { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses', description: 'Le mardi' } },
      { db, now },
    );
    expect(await db.needs.get(id)).toEqual({
      id,
      village_id: villageId,
      need_id: null,
      category_id: null,
      name: 'Courses',
      description: 'Le mardi',
      schedule: null,
      address: null,
      access: null,
      people: null,
      diet: null,
      organisers_only: false,
      details_hidden: false,
      created_at: MADE_AT.toISOString(),
      updated_at: MADE_AT.toISOString(),
    });
  });

  it('create-need: a catalogue need brings its name and category from the local catalogue', async () => {
    const categoryId = uuidv7();
    const catalogueId = uuidv7();
    await db.categories.put({
      id: categoryId,
      name: 'Maison',
      needs: [{ id: catalogueId, category_id: categoryId, name: 'Ménage' }],
    } as never);
    const id = uuidv7();
    await enqueue(createNeed, { village_id: villageId, id, input: { villager_id: villagerId, need_id: catalogueId } }, { db, now });
    expect(await db.needs.get(id)).toMatchObject({ need_id: catalogueId, category_id: categoryId, name: 'Ménage' });
  });

  it('update-need: only the fields sent change, updated_at moves, the updater is not stored', async () => {
    const need = aNeed({ village_id: villageId, name: 'Courses', description: 'Le mardi' });
    await seedLocal(db, aVillage({ id: villageId }), [need]);
    await enqueue(
      updateNeed,
      { village_id: villageId, need_id: need.id, input: { updater_id: villagerId, name: 'Grandes courses' } },
      { db, now },
    );
    const stored = await db.needs.get(need.id);
    expect(stored).toEqual({ ...need, name: 'Grandes courses', updated_at: MADE_AT.toISOString() });
    expect(stored).not.toHaveProperty('updater_id');
  });

  it('update-need: a need that is not here changes nothing (the server will answer)', async () => {
    const missing = uuidv7();
    await enqueue(updateNeed, { village_id: villageId, need_id: missing, input: { updater_id: villagerId, name: 'X' } }, { db, now });
    expect(await db.needs.get(missing)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('delete-need: the need and its helps go, other needs keep theirs', async () => {
    const need = aNeed({ village_id: villageId });
    const other = aNeed({ village_id: villageId });
    const helps = [
      aHelpOn(need, { helper_id: villagerId }),
      aHelpOn(need, { helper_id: villagerId }),
      aHelpOn(other, { helper_id: villagerId }),
    ];
    await seedLocal(db, aVillage({ id: villageId }), [need, other], helps);
    await enqueue(deleteNeed, { village_id: villageId, need_id: need.id, villager_id: villagerId }, { db, now });
    expect(await db.needs.get(need.id)).toBeUndefined();
    expect((await db.helps.toArray()).map((h) => h.id)).toEqual([helps[2].id]);
    expect(await db.needs.get(other.id)).toEqual(other);
  });
});

describe('requests', () => {
  const needId = uuidv7();

  it('create-need: POST to the village needs with the client id in the body, from the endpoint table', () => {
    const request = createNeed.request({ village_id: villageId, id: needId, input: { villager_id: villagerId, name: 'Courses' } });
    expect(request.endpoint).toBe(createNeedEndpoint);
    expect(onTheWire(request)).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/needs`,
      body: { villager_id: villagerId, name: 'Courses', id: needId },
    });
  });

  it('update-need: PUT on the need with the input as body', () => {
    const input = { updater_id: villagerId, name: 'Repas' };
    expect(onTheWire(updateNeed.request({ village_id: villageId, need_id: needId, input }))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${villageId}/needs/${needId}`,
      body: input,
    });
  });

  it('delete-need: DELETE on the need, acting villager in the query', () => {
    expect(onTheWire(deleteNeed.request({ village_id: villageId, need_id: needId, villager_id: villagerId }))).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/needs/${needId}`,
      query: { villager_id: villagerId },
    });
  });

  it('each kind names the village of its entry and the row it writes', () => {
    const create = { village_id: villageId, id: needId, input: { villager_id: villagerId, name: 'a' } };
    const update = { village_id: villageId, need_id: needId, input: { updater_id: villagerId } };
    const remove = { village_id: villageId, need_id: needId, villager_id: villagerId };
    expect([createNeed.villageId(create), updateNeed.villageId(update), deleteNeed.villageId(remove)]).toEqual([
      villageId,
      villageId,
      villageId,
    ]);
    expect([createNeed.target(create), updateNeed.target(update), deleteNeed.target(remove)]).toEqual([
      `needs:${needId}`,
      `needs:${needId}`,
      `needs:${needId}`,
    ]);
  });
});

describe('descriptions, for the list of refused changes', () => {
  it('name the need when the write carries its name', () => {
    expect(createNeed.describe?.({ village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, name: 'Courses' } })).toBe(
      'Ajout du besoin «\u00a0Courses\u00a0»',
    );
    expect(createNeed.describe?.({ village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, need_id: uuidv7() } })).toBe(
      "Ajout d'un besoin",
    );
    expect(updateNeed.describe?.({ village_id: villageId, need_id: uuidv7(), input: { updater_id: villagerId, name: 'Repas' } })).toBe(
      'Modification du besoin «\u00a0Repas\u00a0»',
    );
    expect(updateNeed.describe?.({ village_id: villageId, need_id: uuidv7(), input: { updater_id: villagerId, description: 'x' } })).toBe(
      "Modification d'un besoin",
    );
    expect(deleteNeed.describe?.({ village_id: villageId, need_id: uuidv7(), villager_id: villagerId })).toBe("Suppression d'un besoin");
    expect(deleteNeed.describe?.({ village_id: villageId, need_id: uuidv7(), villager_id: villagerId, need_name: 'Courses' })).toBe(
      'Suppression du besoin «\u00a0Courses\u00a0»',
    );
  });
});
