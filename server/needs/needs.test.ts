import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helps } from '../db/schema';
import { catalogueId } from '../db/catalogue';
import { createWorld } from '../test/world';

const world = await createWorld();

describe('needs', () => {
  it('adds a catalogue need, taking its name and category from the catalogue', async () => {
    const { creator, village } = await world.villageWithHelper();
    const needId = catalogueId('need:courses-alimentaires');
    const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, need_id: needId, description: 'Le samedi matin' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      village_id: village.id,
      need_id: needId,
      category_id: catalogueId('category:courses'),
      name: 'Faire les courses',
      description: 'Le samedi matin',
    });
  });

  it('adds a free need with a client id, updates and deletes it with its helps', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const id = '01934f5e-7d1a-7c3b-9a2e-00000000aa01';
    const created = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { id, villager_id: village.creatorVillagerId, name: 'Arroser les plantes' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id, need_id: null, category_id: null, name: 'Arroser les plantes', description: null });

    const updated = await world.request('PUT', `/v1/villages/${village.id}/needs/${id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, name: 'Arroser le jardin', description: 'Deux fois par semaine' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Arroser le jardin', description: 'Deux fois par semaine' });

    await world.request('POST', `/v1/villages/${village.id}/needs/${id}/helps`, {
      token: helper.token,
      json: { helper_id: helperVillager, start_date: '2026-11-25T17:00:00+01:00' },
    });
    const deleted = await world.request('DELETE', `/v1/villages/${village.id}/needs/${id}?villager_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    expect(deleted.status).toBe(204);
    expect(await world.db.select().from(helps).where(eq(helps.villageNeedId, id))).toEqual([]);
    const after = await world.request('GET', `/v1/villages/${village.id}?include=needs,helps`, { token: creator.token });
    expect(after.body.data.needs).toEqual([]);
    expect(after.body.data.helps).toEqual([]);
  });

  it('takes the acting villager id from the JSON body of a DELETE too', async () => {
    const { creator, village } = await world.villageWithHelper();
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Promener Rex' },
    });
    const res = await world.request('DELETE', `/v1/villages/${village.id}/needs/${need.body.data.id}`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId },
    });
    expect(res.status).toBe(204);
  });

  it('refuses a need with neither name nor catalogue need, and an unknown catalogue need', async () => {
    const { creator, village } = await world.villageWithHelper();
    const noName = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId },
    });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual([{ field: 'name', message: 'Ce champ est requis' }]);
    const unknown = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, need_id: '01934f5e-7d1a-7c3b-9a2e-0a1b2c3d4e5f' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'need_id', message: "Ce besoin n'existe pas dans le catalogue" }]);
  });
});
