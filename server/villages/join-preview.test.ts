import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld({ rateLimits: { loginPerAddress: { max: 5, windowMs: 60_000 } } });

describe('a join link opened signed out', () => {
  it('says where it leads, and nothing else, for an open village', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const preview = await world.request('GET', `/v1/villages/join/preview?c=${village.shareCode.toLowerCase()}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ data: { village_name: 'Le village de Jeanne', first_name: 'Jeanne', photo: null } });
  });

  it('answers the same French 404 for an unknown code and a village not open yet', async () => {
    const creator = await world.user('Claire');
    const pending = await world.village(creator, { state: 2 });
    for (const code of ['ZZZZZZZZ', pending.shareCode]) {
      const res = await world.request('GET', `/v1/villages/join/preview?c=${code}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Aucun village ne correspond à ce code.');
    }
    expect((await world.request('GET', '/v1/villages/join/preview')).status).toBe(422);
  });

  it('is counted per address like sign-in, so codes cannot be guessed through it', async () => {
    world.clock.advance(120_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await world.request('GET', `/v1/villages/join/preview?c=GUESS${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});
