import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { villageNeeds } from '../db/schema';
import { createWorld } from '../test/world';

const world = await createWorld();

async function setup() {
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const needs = async () =>
    (await world.db.select({ n: count() }).from(villageNeeds).where(eq(villageNeeds.villageId, village.id)))[0].n;
  const addNeed = (key: string, name = 'Courses') =>
    world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      headers: { 'Idempotency-Key': key },
      json: { villager_id: village.creatorVillagerId, name },
    });
  return { creator, village, needs, addNeed };
}

describe('Idempotency-Key', () => {
  it('answers a repeated write with the stored answer and changes nothing again', async () => {
    const { needs, addNeed } = await setup();
    const first = await addNeed('cle-1');
    expect(first.status).toBe(201);
    const again = await addNeed('cle-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await needs()).toBe(1);
  });

  it('runs concurrent duplicates once', async () => {
    const { needs, addNeed } = await setup();
    const answers = await Promise.all([addNeed('cle-2'), addNeed('cle-2'), addNeed('cle-2')]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await needs()).toBe(1);
  });

  it('keeps nothing of a refused write, so the same key can be tried again', async () => {
    const { needs, addNeed } = await setup();
    const refused = await addNeed('cle-3', '');
    expect(refused.status).toBe(422);
    const accepted = await addNeed('cle-3', 'Pharmacie');
    expect(accepted.status).toBe(201);
    expect(await needs()).toBe(1);
  });

  it('replays a delete answered 204', async () => {
    const { creator, village, needs } = await setup();
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Linge' },
    });
    const remove = () =>
      world.request('DELETE', `/v1/villages/${village.id}/needs/${need.body.data.id}?villager_id=${village.creatorVillagerId}`, {
        token: creator.token,
        headers: { 'Idempotency-Key': 'cle-4' },
      });
    expect((await remove()).status).toBe(204);
    const again = await remove();
    expect(again.status).toBe(204);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await needs()).toBe(0);
  });

  it('keeps keys per user and for 7 days', async () => {
    const { needs, addNeed, village } = await setup();
    await addNeed('cle-5');
    const other = await world.user('Autre');
    const foreign = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: other.token,
      headers: { 'Idempotency-Key': 'cle-5' },
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    expect(foreign.status).toBe(403);
    world.clock.advance(6 * 24 * 3600 * 1000);
    expect((await addNeed('cle-5')).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await needs()).toBe(1);
    world.clock.advance(2 * 24 * 3600 * 1000);
    const late = await addNeed('cle-5');
    expect(late.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await needs()).toBe(2);
  });

  it('refuses a key reused for another request', async () => {
    const { addNeed, creator, village } = await setup();
    await addNeed('cle-6');
    const other = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      headers: { 'Idempotency-Key': 'cle-6' },
      json: { updater_id: village.creatorVillagerId, infos: 'x' },
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe("Cette clé d'idempotence a déjà servi pour une autre requête.");
  });
});
