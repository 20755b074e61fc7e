import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

describe('the action feed', () => {
  it('records every write, newest first, 10 a page, with the total of pages', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator); // village_created, village_creation_finished, village_opened
    for (let i = 0; i < 22; i++) {
      world.clock.advance(1000);
      await world.request('POST', `/v1/villages/${village.id}/needs`, {
        token: creator.token,
        json: { villager_id: village.creatorVillagerId, name: `Besoin ${i}` },
      });
    }
    const url = (page: number) => `/v1/villages/${village.id}/actions?per_page=10&page=${page}&sort=-created_at`;
    const first = await world.request('GET', url(1), { token: creator.token });
    expect(first.status).toBe(200);
    expect(first.body.pages).toBe(3);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ type: 'need_added', villager_id: village.creatorVillagerId, data: { name: 'Besoin 21' } });
    const dates = first.body.data.map((a: { created_at: string }) => a.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const last = await world.request('GET', url(3), { token: creator.token });
    expect(last.body.data.map((a: { type: string }) => a.type)).toEqual([
      'need_added',
      'need_added',
      'village_opened',
      'village_creation_finished',
      'village_created',
    ]);
    const beyond = await world.request('GET', url(4), { token: creator.token });
    expect(beyond.body).toEqual({ data: [], pages: 3 });
  });

  it('defaults to the spec’s page of 10, newest first', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const res = await world.request('GET', `/v1/villages/${village.id}/actions`, { token: creator.token });
    expect(res.body.pages).toBe(1);
    expect(res.body.data[0].type).toBe('village_opened');
  });
});

describe('villagers', () => {
  it('reads and updates one’s own villager, without adding to the feed', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const before = await world.request('GET', `/v1/villages/${village.id}/actions`, { token: creator.token });
    const read = await world.request('GET', `/v1/villagers/${village.creatorVillagerId}`, { token: creator.token });
    expect(read.body.data).toMatchObject({ id: village.creatorVillagerId, last_check_notif_date: null });
    const updated = await world.request('POST', `/v1/villagers/${village.creatorVillagerId}`, {
      token: creator.token,
      json: { last_check_notif_date: '2026-11-20T10:00:00+01:00' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.last_check_notif_date).toBe('2026-11-20T09:00:00.000Z');
    const after = await world.request('GET', `/v1/villages/${village.id}/actions`, { token: creator.token });
    expect(after.body.data).toEqual(before.body.data);
    const view = await world.request('GET', `/v1/villages/${village.id}?include=villagers`, { token: creator.token });
    expect(view.body.data.villagers[0].last_check_notif_date).toBe('2026-11-20T09:00:00.000Z');
  });

  it('bans a helper, who then loses access, and lets a helper leave', async () => {
    const creator = await world.user('Claire');
    const banned = await world.user('Bruno');
    const leaver = await world.user('Lou');
    const village = await world.village(creator);
    const bannedVillager = await world.join(banned, village.shareCode);
    const leaverVillager = await world.join(leaver, village.shareCode);

    const ban = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/villagers/${bannedVillager}?deleter_id=${village.creatorVillagerId}`,
      {
        token: creator.token,
      },
    );
    expect(ban.status).toBe(204);
    const denied = await world.request('GET', `/v1/villages/${village.id}`, { token: banned.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("Vous n'avez pas accès à ce village.");

    const left = await world.request('PUT', `/v1/villages/${village.id}/villagers/${leaverVillager}/leave`, { token: leaver.token });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ is_out: true });
    const list = await world.request('GET', '/v1/villages', { token: leaver.token });
    expect(list.body.data).toEqual([]);

    const feed = await world.request('GET', `/v1/villages/${village.id}/actions`, { token: creator.token });
    expect(feed.body.data.slice(0, 2).map((a: { type: string }) => a.type)).toEqual(['villager_left', 'villager_banned']);
  });

  it('refuses to ban the creator or oneself', async () => {
    const creator = await world.user('Claire');
    const needy = await world.user('Nina');
    const village = await world.village(creator);
    const needyVillager = await world.join(needy, village.shareCode);
    await world.makeNeedy(needyVillager);
    const self = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/villagers/${village.creatorVillagerId}?deleter_id=${village.creatorVillagerId}`,
      {
        token: creator.token,
      },
    );
    expect(self.status).toBe(403);
    const creatorBanned = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/villagers/${village.creatorVillagerId}?deleter_id=${needyVillager}`,
      {
        token: needy.token,
      },
    );
    expect(creatorBanned.status).toBe(403);
    expect(creatorBanned.body.message).toBe('La personne aidée et la personne qui a créé le village ne peuvent pas être retirées.');
  });
});
