import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createWorld } from '../test/world';

const world = await createWorld();
// A second server instance on the same database, with caches of its own.
const other = createApp({ ...world.deps, caches: undefined });

const ask = async (app: typeof other, path: string, token: string) => {
  const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
};

/** NOTIFY reaches the other instance just after the commit: give it the few milliseconds it needs. */
async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('two server instances on one database', () => {
  it('a ban made on one is enforced by the other, whose cache had let the helper in', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    expect((await ask(other, `/v1/villages/${village.id}`, helper.token)).status).toBe(200);

    const ban = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/villagers/${helperVillager}?deleter_id=${village.creatorVillagerId}`,
      {
        token: creator.token,
      },
    );
    expect(ban.status).toBe(204);
    await eventually(async () => expect((await ask(other, `/v1/villages/${village.id}`, helper.token)).status).toBe(403));
  });

  it('a change made on one shows on the other', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    await ask(other, `/v1/villages/${village.id}?include=needs`, creator.token);
    await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    await eventually(async () => {
      const seen = await ask(other, `/v1/villages/${village.id}?include=needs`, creator.token);
      expect(seen.body.data.needs.map((n: { name: string }) => n.name)).toEqual(['Courses']);
    });
  });

  it('a logout on one is refused by the other, which had the session cached', async () => {
    const user = await world.user('Lina');
    expect((await ask(other, '/v1/users/me', user.token)).status).toBe(200);
    expect((await world.request('POST', '/v1/auth/logout', { token: user.token })).status).toBe(204);
    await eventually(async () => expect((await ask(other, '/v1/users/me', user.token)).status).toBe(401));
  });
});

describe('an instance that may have missed notifications', () => {
  it('stops answering from its caches until its LISTEN is back', async () => {
    // A LISTEN that hears nothing, whose health the test decides, for every subscriber (caches, event streams).
    const subscribers: ((healthy: boolean) => void)[] = [];
    const setHealth = (healthy: boolean) => subscribers.forEach((onHealth) => onHealth(healthy));
    const deaf = createApp({
      ...world.deps,
      caches: undefined,
      listen: async (_handlers, onHealth) => {
        subscribers.push(onHealth);
        onHealth(true);
      },
    });
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    expect((await ask(deaf, `/v1/villages/${village.id}`, helper.token)).status).toBe(200);

    setHealth(false);
    await world.request('DELETE', `/v1/villages/${village.id}/villagers/${helperVillager}?deleter_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    // It heard nothing of the ban, yet it reads the database again and refuses at once.
    expect((await ask(deaf, `/v1/villages/${village.id}`, helper.token)).status).toBe(403);
  });
});
