import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

describe('helps', () => {
  async function needIn(creator: { token: string }, village: { id: string; creatorVillagerId: string }) {
    const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Repas du soir' },
    });
    return res.body.data.id as string;
  }

  it('adds a help with its need, and its helper removes it', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await needIn(creator, village);
    const added = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      token: helper.token,
      json: {
        helper_id: helperVillager,
        start_date: '2026-11-26T18:30:00+01:00',
        end_date: '2026-11-26T19:30:00+01:00',
        comment: 'Je passe avec une soupe',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      village_id: village.id,
      village_need_id: needId,
      helper_id: helperVillager,
      start_date: '2026-11-26T17:30:00.000Z',
      comment: 'Je passe avec une soupe',
      village_need: expect.objectContaining({ id: needId, name: 'Repas du soir' }),
    });
    const removed = await world.request('DELETE', `/v1/villages/${village.id}/helps/${added.body.data.id}?villager_id=${helperVillager}`, {
      token: helper.token,
    });
    expect(removed.status).toBe(204);
  });

  it('refuses an end before the start', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await needIn(creator, village);
    const res = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      token: helper.token,
      json: { helper_id: helperVillager, start_date: '2026-11-26T18:30:00+01:00', end_date: '2026-11-26T17:30:00+01:00' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'end_date', message: 'La fin doit être après le début' }]);
  });

  it('lets the creator refuse a help, and records who was refused', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await needIn(creator, village);
    const added = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      token: helper.token,
      json: { helper_id: helperVillager, start_date: '2026-11-27T10:00:00+01:00' },
    });
    const refused = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/helps/${added.body.data.id}/refuse?villager_id=${village.creatorVillagerId}`,
      {
        token: creator.token,
      },
    );
    expect(refused.status).toBe(204);
    const feed = await world.request('GET', `/v1/villages/${village.id}/actions?per_page=10&page=1&sort=-created_at`, {
      token: creator.token,
    });
    expect(feed.body.data[0]).toMatchObject({
      type: 'help_refused',
      villager_id: village.creatorVillagerId,
      data: { helper_id: helperVillager, helper_first_name: 'Hugo', need_name: 'Repas du soir', start_date: '2026-11-27T09:00:00.000Z' },
    });
  });

  it('does not add a help to a need of another village', async () => {
    const a = await world.villageWithHelper();
    const b = await world.villageWithHelper();
    const foreignNeed = await needIn(b.creator, b.village);
    const res = await world.request('POST', `/v1/villages/${a.village.id}/needs/${foreignNeed}/helps`, {
      token: a.helper.token,
      json: { helper_id: a.helperVillager, start_date: '2026-11-27T10:00:00+01:00' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Ce besoin est introuvable.');
  });
});
