import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

// Without LISTEN: nothing but the write itself can drop what this instance cached of the village.
const world = await createWorld({ listen: undefined });

describe('what a write touched', () => {
  it('is dropped from this instance’s caches once it commits: the writer reads its own write at once', async () => {
    const { creator, village } = await world.villageWithHelper();
    const read = async () => (await world.request('GET', `/v1/villages/${village.id}?include=needs`, { token: creator.token })).body.data;
    expect((await read()).needs).toEqual([]);
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    expect(need.status).toBe(201);
    expect((await read()).needs.map((n: { name: string }) => n.name)).toEqual(['Courses']);
    const renamed = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, name: 'Chez Jeanne' },
    });
    expect(renamed.status).toBe(200);
    expect((await read()).name).toBe('Chez Jeanne');
  });
});
