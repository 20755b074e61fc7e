import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { messages as messagesText } from '../../src/contract';
import { messages } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();

type Role = 'creator' | 'needy' | 'helper' | 'banned' | 'left' | 'outsider';
interface Scene {
  villageId: string;
  users: Record<Role, TestUser>;
  villagerIds: Record<Exclude<Role, 'outsider'>, string>;
}

/** A village with one person in each role; the banned and the one who left were members first. */
async function buildScene(): Promise<Scene> {
  const [creator, needy, helper, banned, left, outsider] = await Promise.all(
    ['Camille', 'Nadia', 'Hugo', 'Bruno', 'Lea', 'Olivier'].map((name) => world.user(name)),
  );
  const village = await world.village(creator);
  const villagerIds = {
    creator: village.creatorVillagerId,
    needy: await world.join(needy, village.shareCode),
    helper: await world.join(helper, village.shareCode),
    banned: await world.join(banned, village.shareCode),
    left: await world.join(left, village.shareCode),
  };
  await world.makeNeedy(villagerIds.needy);
  const ban = await world.request(
    'DELETE',
    `/v1/villages/${village.id}/villagers/${villagerIds.banned}?deleter_id=${villagerIds.creator}`,
    {
      token: creator.token,
    },
  );
  expect(ban.status).toBeLessThan(300);
  const leave = await world.request('PUT', `/v1/villages/${village.id}/villagers/${villagerIds.left}/leave`, { token: left.token });
  expect(leave.status).toBeLessThan(300);
  return { villageId: village.id, users: { creator, needy, helper, banned, left, outsider }, villagerIds };
}

const send = (s: Scene, user: TestUser | undefined, json: unknown, headers?: Record<string, string>) =>
  world.request('POST', `/v1/villages/${s.villageId}/messages`, { token: user?.token, json, headers });
const read = (s: Scene, user: TestUser | undefined, search = '') =>
  world.request('GET', `/v1/villages/${s.villageId}/messages${search}`, { token: user?.token });
const stored = (s: Scene) => world.db.select().from(messages).where(eq(messages.villageId, s.villageId));

let scene: Scene;
beforeAll(async () => {
  scene = await buildScene();
});

describe('who may read and write the chat', () => {
  it.each(['creator', 'needy', 'helper'] as const)('the %s reads and writes', async (role) => {
    const sent = await send(scene, scene.users[role], { villager_id: scene.villagerIds[role], body: `  Bonjour de ${role}  ` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({
      village_id: scene.villageId,
      villager_id: scene.villagerIds[role],
      body: `Bonjour de ${role}`,
      first_name: scene.users[role].firstName,
    });
    const page = await read(scene, scene.users[role]);
    expect(page.status).toBe(200);
    expect(page.body.data[0]).toEqual(sent.body.data);
  });

  it('refuses anonymous callers (401), outsiders, the banned and those who left (403), writing nothing', async () => {
    const before = await stored(scene);
    expect((await read(scene, undefined)).status).toBe(401);
    expect((await send(scene, undefined, { villager_id: scene.villagerIds.creator, body: 'Intrus' })).status).toBe(401);
    for (const role of ['outsider', 'banned', 'left'] as const) {
      const villagerId = role === 'outsider' ? scene.villagerIds.creator : scene.villagerIds[role];
      const reading = await read(scene, scene.users[role]);
      expect(reading.status, role).toBe(403);
      expect(reading.body).toMatchObject({ http_code: 403, message: expect.any(String) });
      expect((await send(scene, scene.users[role], { villager_id: villagerId, body: 'Intrus' })).status, role).toBe(403);
    }
    expect(await stored(scene)).toEqual(before);
  });

  it("refuses writing in another villager's name, and an unknown village", async () => {
    const before = await stored(scene);
    const usurped = await send(scene, scene.users.helper, { villager_id: scene.villagerIds.creator, body: 'Au nom de Camille' });
    expect(usurped.status).toBe(403);
    const unknown = await world.request('GET', `/v1/villages/${uuidv7()}/messages`, { token: scene.users.helper.token });
    expect(unknown.status).toBe(404);
    expect(await stored(scene)).toEqual(before);
  });

  it('moves the village revision, so other instances and clients hear of the message', async () => {
    const before = await world.request('GET', `/v1/villages/${scene.villageId}`, { token: scene.users.helper.token });
    await send(scene, scene.users.helper, { villager_id: scene.villagerIds.helper, body: 'Quoi de neuf ?' });
    const after = await world.request('GET', `/v1/villages/${scene.villageId}`, { token: scene.users.helper.token });
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
  });
});

describe('paging backwards', () => {
  it('answers the newest page first, then older ones with `before`, with has_more', async () => {
    const s = await buildScene();
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      // Two messages per instant: the cursor must not skip nor repeat messages written at the same time.
      if (i % 2 === 1) world.clock.advance(1000);
      const res = await send(s, s.users.helper, { villager_id: s.villagerIds.helper, body: `Message ${i}` });
      ids.push(res.body.data.id);
    }
    const first = await read(s, s.users.creator, '?limit=3');
    expect(first.body.data.map((m: { body: string }) => m.body)).toEqual(['Message 7', 'Message 6', 'Message 5']);
    expect(first.body.has_more).toBe(true);
    const second = await read(s, s.users.creator, `?limit=3&before=${first.body.data[2].id}`);
    expect(second.body.data.map((m: { body: string }) => m.body)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    expect(second.body.has_more).toBe(true);
    const last = await read(s, s.users.creator, `?limit=3&before=${second.body.data[2].id}`);
    expect(last.body.data.map((m: { body: string }) => m.body)).toEqual(['Message 1']);
    expect(last.body.has_more).toBe(false);

    const byInstant = await read(s, s.users.creator, `?before=${encodeURIComponent(first.body.data[2].created_at)}`);
    expect(byInstant.body.data.map((m: { body: string }) => m.body)).toEqual(['Message 4', 'Message 3', 'Message 2', 'Message 1']);
    expect(byInstant.body.has_more).toBe(false);
  });

  it('refuses a cursor that is neither an id nor an instant, in French', async () => {
    const res = await read(scene, scene.users.creator, '?before=hier');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'before', message: messagesText.wrongType }]);
  });
});

describe('what a message may hold', () => {
  it('keeps 2,000 characters, refuses 2,001 and a blank body, in French', async () => {
    const before = await stored(scene);
    const long = await send(scene, scene.users.helper, { villager_id: scene.villagerIds.helper, body: 'a'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([{ field: 'body', message: 'Ce champs doit contenir 2000 caractères maximum' }]);
    const blank = await send(scene, scene.users.helper, { villager_id: scene.villagerIds.helper, body: ' \n\t ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ field: 'body', message: 'Ce champ est requis' }]);
    expect(await stored(scene)).toEqual(before);
    const full = await send(scene, scene.users.helper, { villager_id: scene.villagerIds.helper, body: 'é'.repeat(2000) });
    expect(full.status).toBe(201);
  });

  it('stores and answers markup as plain text', async () => {
    const body = '<img src=x onerror="alert(1)"> & <b>gras</b>\nligne 2';
    const res = await send(scene, scene.users.helper, { villager_id: scene.villagerIds.helper, body });
    expect(res.body.data.body).toBe(body);
    const [row] = await world.db.select().from(messages).where(eq(messages.id, res.body.data.id));
    expect(row.body).toBe(body);
  });
});

describe('resending', () => {
  it('answers a resend with the same Idempotency-Key with the first answer, writing once', async () => {
    const s = await buildScene();
    const id = uuidv7();
    const key = uuidv7();
    const json = { id, villager_id: s.villagerIds.helper, body: 'Une seule fois' };
    const first = await send(s, s.users.helper, json, { 'Idempotency-Key': key });
    const again = await send(s, s.users.helper, json, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await stored(s)).filter((m) => m.body === 'Une seule fois')).toHaveLength(1);
  });

  it('keeps the client id, and answers 409 when it is taken', async () => {
    const id = uuidv7();
    const first = await send(scene, scene.users.helper, { id, villager_id: scene.villagerIds.helper, body: 'Premier' });
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    const taken = await send(scene, scene.users.needy, { id, villager_id: scene.villagerIds.needy, body: 'Second' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Cet identifiant est déjà utilisé.');
    const [row] = await world.db.select().from(messages).where(eq(messages.id, id));
    expect(row.body).toBe('Premier');
  });
});
