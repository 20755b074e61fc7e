import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { helps, villageNeeds } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();

async function setup() {
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const needsPath = `/v1/villages/${village.id}/needs`;
  const need = (name: string, id = uuidv7(), key = uuidv7()) => ({
    method: 'POST',
    path: needsPath,
    idempotency_key: key,
    body: { id, villager_id: village.creatorVillagerId, name },
  });
  const help = (needId: string, key = uuidv7()) => ({
    method: 'POST',
    path: `${needsPath}/${needId}/helps`,
    idempotency_key: key,
    body: { id: uuidv7(), helper_id: village.creatorVillagerId, start_date: '2027-01-12T09:00:00.000Z' },
  });
  const batch = (writes: unknown[], user: TestUser | null = creator) =>
    world.request('POST', '/v1/batch', { token: user?.token, json: { writes } });
  const counted = async () => ({
    needs: (await world.db.select({ n: count() }).from(villageNeeds).where(eq(villageNeeds.villageId, village.id)))[0].n,
    helps: (await world.db.select({ n: count() }).from(helps).where(eq(helps.villageId, village.id)))[0].n,
  });
  return { creator, village, need, help, batch, counted };
}

describe('POST /v1/batch', () => {
  it('runs each write as if sent alone, in order: a refused one changes nothing and stops nothing', async () => {
    const { need, help, batch, counted } = await setup();
    const first = need('Courses');
    const answer = await batch([first, need(''), help(first.body.id)]);
    expect(answer.status).toBe(200);
    const [created, refused, helped] = answer.body.data;
    expect(created).toMatchObject({ status: 201, body: { data: { id: first.body.id, name: 'Courses' } } });
    expect(refused).toMatchObject({ status: 422, body: { http_code: 422, errors: [{ field: 'name', message: 'Ce champ est requis' }] } });
    // The help on the need created just before it in the same batch.
    expect(helped).toMatchObject({ status: 201, body: { data: { village_need_id: first.body.id } } });
    expect(await counted()).toEqual({ needs: 1, helps: 1 });
  });

  it('answers a key already used with its first answer, alone or in a batch, and writes nothing twice', async () => {
    const { creator, need, batch, counted } = await setup();
    const write = need('Pharmacie');
    const alone = await world.request('POST', write.path, {
      token: creator.token,
      headers: { 'Idempotency-Key': write.idempotency_key },
      json: write.body,
    });
    expect(alone.status).toBe(201);
    const second = need('Linge');
    const again = await batch([write, second]);
    expect(again.body.data).toEqual([
      { status: 201, body: alone.body },
      { status: 201, body: { data: expect.objectContaining({ name: 'Linge' }) } },
    ]);
    // The whole batch sent again after its answer was lost: the same answers, nothing written twice.
    const resent = await batch([write, second]);
    expect(resent.body).toEqual(again.body);
    expect(await counted()).toEqual({ needs: 2, helps: 0 });
  });

  it('refuses a key reused with another body, in the batch as alone, and stores nothing of it', async () => {
    const { creator, need, batch, counted } = await setup();
    const write = need('Pharmacie');
    const alone = await world.request('POST', write.path, {
      token: creator.token,
      headers: { 'Idempotency-Key': write.idempotency_key },
      json: write.body,
    });
    expect(alone.status).toBe(201);
    const changed = { ...write, body: { ...write.body, id: uuidv7(), name: 'Linge' } };
    const answer = await batch([changed, write]);
    expect(answer.body.data).toEqual([
      { status: 422, body: { message: "Cette clé d'idempotence a déjà servi pour une autre requête.", http_code: 422 } },
      { status: 201, body: alone.body },
    ]);
    // Two writes of one batch with one key and two bodies: the second is refused.
    const key = uuidv7();
    const twice = await batch([need('Courses', uuidv7(), key), need('Jardin', uuidv7(), key)]);
    expect(twice.body.data.map((a: { status: number }) => a.status)).toEqual([201, 422]);
    expect(await counted()).toEqual({ needs: 2, helps: 0 });
  });

  it('keeps each write to its own permission checks', async () => {
    const { need, batch, counted } = await setup();
    const stranger = await world.user('Inconnu');
    const theirs = await world.village(stranger);
    const foreign = { ...need('Intrus'), path: `/v1/villages/${theirs.id}/needs` };
    const answer = await batch([foreign, need('Chez moi')]);
    expect(answer.body.data.map((a: { status: number }) => a.status)).toEqual([403, 201]);
    expect(answer.body.data[0].body.message).toMatch(/\S/);
    expect(await counted()).toEqual({ needs: 1, helps: 0 });
  });

  it('takes up to 50 writes', async () => {
    const { need, batch, counted } = await setup();
    const fifty = Array.from({ length: 50 }, (_, i) => need(`Besoin ${i}`));
    const answer = await batch(fifty);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(50);
    expect(answer.body.data.every((a: { status: number }) => a.status === 201)).toBe(true);
    const tooMany = await batch([...fifty, need('De trop')]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([{ field: 'writes', message: 'Pas plus de 50 modifications par lot' }]);
    const none = await batch([]);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ field: 'writes', message: 'Ce lot ne contient aucune modification' }]);
    expect(await counted()).toEqual({ needs: 50, helps: 0 });
  });

  it('needs a signed-in user', async () => {
    const { need, batch, counted } = await setup();
    const answer = await batch([need('Courses')], null);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/\S/);
    expect(await counted()).toEqual({ needs: 0, helps: 0 });
  });

  it('refuses bad bodies and calls a batch cannot carry, in French', async () => {
    const { need, batch, counted } = await setup();
    const outside = await batch([{ ...need('Courses'), path: '/ailleurs' }]);
    expect(outside.status).toBe(422);
    expect(outside.body.errors[0].message).toBe("Cette adresse n'est pas une adresse de l'API");
    const { idempotency_key: _key, ...keyless } = need('Courses');
    const noKey = await batch([keyless]);
    expect(noKey.status).toBe(422);
    expect(noKey.body.errors[0].message).toBe('Ce champ est requis');
    const read = await batch([{ ...need('Courses'), method: 'GET' }]);
    expect(read.status).toBe(422);
    const notWrites = await batch([
      { ...need('Courses'), path: '/v1/batch' },
      { ...need('Courses'), path: '/v1/auth/login' },
      { ...need('Courses'), path: '/v1/inconnu' },
    ]);
    expect(notWrites.status).toBe(200);
    for (const answer of notWrites.body.data) {
      expect(answer).toEqual({ status: 404, body: { message: 'Cette modification ne peut pas être envoyée dans un lot', http_code: 404 } });
    }
    expect(await counted()).toEqual({ needs: 0, helps: 0 });
  });

  it('refuses, for that write alone, a key no HTTP header could carry', async () => {
    const { need, batch, counted } = await setup();
    const answer = await batch([need('Courses', uuidv7(), '\u202ecle'), need('Linge', uuidv7(), 'cle\nsuite'), need('Jardin')]);
    expect(answer.status).toBe(200);
    const refused = {
      status: 422,
      body: {
        message: 'Certaines informations ne sont pas valides.',
        http_code: 422,
        errors: [{ field: 'idempotency_key', message: "Cette clé d'idempotence n'est pas valide" }],
      },
    };
    expect(answer.body.data.slice(0, 2)).toEqual([refused, refused]);
    expect(answer.body.data[2].status).toBe(201);
    expect(await counted()).toEqual({ needs: 1, helps: 0 });
  });

  it('refuses the calls that end a session or an account: the writes after them still run as the caller', async () => {
    const { creator, need, batch, counted } = await setup();
    const answer = await batch([
      { method: 'POST', path: '/v1/auth/logout', idempotency_key: uuidv7() },
      { method: 'DELETE', path: `/v1/users/${creator.id}`, idempotency_key: uuidv7() },
      need('Courses'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((a: { status: number }) => a.status)).toEqual([404, 404, 201]);
    expect(answer.body.data[0].body).toEqual({ message: 'Cette modification ne peut pas être envoyée dans un lot', http_code: 404 });
    expect((await world.request('GET', '/v1/users/me', { token: creator.token })).status).toBe(200);
    expect(await counted()).toEqual({ needs: 1, helps: 0 });
  });
});
