import { expect } from 'vitest';
import type { TestUser, World } from '../test/world';

/**
 * Claire's open village with Hugo (a helper), Nina (a co-organiser) and Paul (the person helped), and the
 * calls of the news tests, each checked for the status it expects.
 */
export async function newsScene(world: World) {
  const { creator, helper, village, helperVillager } = await world.villageWithHelper();
  const nina = await world.user('Nina');
  const ninaVillager = await world.join(nina, village.shareCode);
  const role = await world.request('PUT', `/v1/villages/${village.id}/villagers/${ninaVillager}`, {
    token: creator.token,
    json: { is_manager: true, updater_id: village.creatorVillagerId },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const paul = await world.user('Paul');
  const paulVillager = await world.join(paul, village.shareCode);
  await world.makeNeedy(paulVillager);
  const base = `/v1/villages/${village.id}/news`;

  const post = (who: TestUser, authorId: string, body: string, id?: string) =>
    world.request('POST', base, { token: who.token, json: { id, author_id: authorId, body } });
  const list = (who: TestUser, query = '') => world.request('GET', `${base}${query}`, { token: who.token });
  /** A post by Claire that must go through; answers its id. */
  const claireposts = async (body = 'Maman va mieux.') => {
    const res = await post(creator, village.creatorVillagerId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  return { creator, helper, helperVillager, nina, ninaVillager, paul, paulVillager, village, base, post, list, claireposts };
}
