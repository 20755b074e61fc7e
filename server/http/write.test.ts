import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, users, villageNeeds } from '../db/schema';
import { createWorld } from '../test/world';

const world = await createWorld();

async function setup() {
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const needs = async () => (await world.db.select({ n: count() }).from(villageNeeds).where(eq(villageNeeds.villageId, village.id)))[0].n;
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

  it('refuses a key reused on the same call with another body, stores nothing, and still replays the first', async () => {
    const { needs, addNeed } = await setup();
    const first = await addNeed('cle-7', 'Courses');
    const other = await addNeed('cle-7', 'Pharmacie');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: "Cette clé d'idempotence a déjà servi pour une autre requête.", http_code: 422 });
    expect(other.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await needs()).toBe(1);
    const again = await addNeed('cle-7', 'Courses');
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('binds a key to what the body says, not how it is written: key order, spaces and trimmed text replay', async () => {
    const { creator, village, needs } = await setup();
    const send = (body: string) =>
      world.request('POST', `/v1/villages/${village.id}/needs`, {
        token: creator.token,
        headers: { 'Idempotency-Key': 'cle-8', 'Content-Type': 'application/json' },
        body,
      });
    const first = await send(`{"villager_id":"${village.creatorVillagerId}","name":"Courses"}`);
    expect(first.status).toBe(201);
    const rewritten = await send(`{ "name": " Courses ",\n  "villager_id": "${village.creatorVillagerId}" }`);
    expect(rewritten.status).toBe(201);
    expect(rewritten.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await needs()).toBe(1);
  });

  it('binds a DELETE to its acting villager, read from the query or the body alike', async () => {
    const { creator, village, needs } = await setup();
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Linge' },
    });
    const path = `/v1/villages/${village.id}/needs/${need.body.data.id}`;
    const headers = { 'Idempotency-Key': 'cle-9' };
    expect(
      (await world.request('DELETE', `${path}?villager_id=${village.creatorVillagerId}`, { token: creator.token, headers })).status,
    ).toBe(204);
    const fromBody = await world.request('DELETE', path, {
      token: creator.token,
      headers,
      json: { villager_id: village.creatorVillagerId },
    });
    expect(fromBody.status).toBe(204);
    expect(fromBody.headers.get('Idempotent-Replayed')).toBe('true');
    const someoneElse = await world.request('DELETE', `${path}?villager_id=0190f3a2-7b1c-7d4e-8f00-0000000000aa`, {
      token: creator.token,
      headers,
    });
    expect(someoneElse.status).toBe(422);
    expect(await needs()).toBe(0);
  });

  it('answers a write that deletes its own user, whose key has no one left to belong to, without storing it', async () => {
    const user = await world.user('Partante');
    const res = await world.request('DELETE', `/v1/users/${user.id}`, { token: user.token, headers: { 'Idempotency-Key': 'cle-11' } });
    expect(res.status).toBe(204);
    expect(await world.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await world.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toEqual([]);
  });

  it('keeps matching a key stored before bodies were fingerprinted by its method and path alone', async () => {
    const { creator, needs, addNeed } = await setup();
    const first = await addNeed('cle-10', 'Courses');
    // As migration 0011 left the keys stored before it.
    await world.db
      .update(idempotencyKeys)
      .set({ fingerprint: null })
      .where(and(eq(idempotencyKeys.userId, creator.id), eq(idempotencyKeys.key, 'cle-10')));
    const other = await addNeed('cle-10', 'Pharmacie');
    expect(other.headers.get('Idempotent-Replayed')).toBe('true');
    expect(other.body).toEqual(first.body);
    expect(await needs()).toBe(1);
  });
});
