import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../test/world';

let world: World;
beforeAll(async () => {
  world = await createWorld();
});

describe('villages', () => {
  it('creates a village in state 1 with its creator as villager, needy in mode 1', async () => {
    const marie = await world.user('Marie');
    const res = await world.request('POST', '/v1/villages', { token: marie.token, json: { creation_mode: 1, name: 'Chez Marie' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ state: 1, creation_mode: 1, name: 'Chez Marie' });
    expect(res.body.data.share_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.body.data.villagers).toEqual([
      expect.objectContaining({ user_id: marie.id, is_creator: true, is_needy: true, is_out: false, is_ban: false }),
    ]);
  });
});
