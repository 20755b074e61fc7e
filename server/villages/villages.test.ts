import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

const FULL = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps,helps.villageNeed';

describe('creating a village', () => {
  it('creates it in state 1 with its creator as villager, needy in mode 1', async () => {
    const marie = await world.user('Marie');
    const res = await world.request('POST', '/v1/villages', { token: marie.token, json: { creation_mode: 1, name: 'Chez Marie' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ state: 1, creation_mode: 1, name: 'Chez Marie', photo: null });
    expect(res.body.data.share_code).toMatch(/^[A-HJ-NP-TW-Z2-9]{8}$/);
    expect(res.body.data.villagers).toEqual([
      expect.objectContaining({ user_id: marie.id, is_creator: true, is_needy: true, is_out: false, is_ban: false }),
    ]);
  });

  it('in mode 2 keeps the close person and the creator is not the needy one', async () => {
    const paul = await world.user('Paul');
    const res = await world.request('POST', '/v1/villages', {
      token: paul.token,
      json: { creation_mode: 2, first_name: 'Jeanne', last_name: 'Martin', relationship: 'Ma mère' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ first_name: 'Jeanne', last_name: 'Martin', relationship: 'Ma mère' });
    expect(res.body.data.villagers[0]).toMatchObject({ is_creator: true, is_needy: false });
  });

  it('accepts a client id and answers 409 when that id is taken', async () => {
    const paul = await world.user('Paul');
    const id = '01934f5e-7d1a-7c3b-9a2e-0a1b2c3d4e5f';
    const first = await world.request('POST', '/v1/villages', { token: paul.token, json: { id, creation_mode: 1 } });
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    const again = await world.request('POST', '/v1/villages', { token: paul.token, json: { id, creation_mode: 1 } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Cet identifiant est déjà utilisé.', http_code: 409 });
  });

  it("accepts a client id for the creator's villager, and answers 409 when it is taken", async () => {
    const paul = await world.user('Paul');
    const villagerId = '01934f5e-7d1a-7c3b-9a2e-0a1b2c3d4e60';
    const first = await world.request('POST', '/v1/villages', { token: paul.token, json: { creation_mode: 2, villager_id: villagerId } });
    expect(first.status).toBe(201);
    expect(first.body.data.villagers[0]).toMatchObject({ id: villagerId, is_creator: true });
    const again = await world.request('POST', '/v1/villages', { token: paul.token, json: { creation_mode: 2, villager_id: villagerId } });
    expect(again.status).toBe(409);
    const mine = await world.request('GET', '/v1/villages', { token: paul.token });
    expect(mine.body.data).toHaveLength(1);
  });

  it('gives every village its own share code', async () => {
    const paul = await world.user('Paul');
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await world.village(paul, { state: 1 })).shareCode);
    expect(codes.size).toBe(20);
  });
});

describe('state transitions', () => {
  it('moves 1 → 2 with fc, 2 → 3 with vo, and refuses any other move with 409', async () => {
    const anne = await world.user('Anne');
    const { id, creatorVillagerId } = await world.village(anne, { state: 1 });
    const vo = () => world.request('PUT', `/v1/villages/${id}/vo`, { token: anne.token, json: { villager_id: creatorVillagerId } });
    const fc = () => world.request('PUT', `/v1/villages/${id}/fc`, { token: anne.token, json: { creator_id: creatorVillagerId } });

    const early = await vo();
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("La création de ce village n'est pas encore terminée.");
    const finished = await fc();
    expect(finished.status).toBe(200);
    expect(finished.body.data.state).toBe(2);
    expect((await fc()).status).toBe(409);
    const opened = await vo();
    expect(opened.status).toBe(200);
    expect(opened.body.data.state).toBe(3);
    const twice = await vo();
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Ce village est déjà ouvert.');
  });
});

describe('reading villages', () => {
  it('lists the caller’s active villages, filtered by state', async () => {
    const lea = await world.user('Léa');
    const pending = await world.village(lea, { state: 1 });
    const open = await world.village(lea, { state: 3 });
    const all = await world.request('GET', '/v1/villages', { token: lea.token });
    expect(all.body.data.map((v: { id: string }) => v.id)).toEqual([pending.id, open.id]);
    const onlyPending = await world.request('GET', '/v1/villages?state=1', { token: lea.token });
    expect(onlyPending.body.data.map((v: { id: string }) => v.id)).toEqual([pending.id]);
    const mine = await world.request('GET', `/v1/users/${lea.id}/villages?include=photo`, { token: lea.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(2);
  });

  it('answers the spec’s full include, with public profiles only', async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const village = await world.village(creator);
    const helperVillager = await world.join(helper, village.shareCode);
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses du samedi' },
    });
    const help = await world.request('POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      token: helper.token,
      json: { helper_id: helperVillager, start_date: '2026-11-28T09:00:00+01:00', end_date: '2026-11-28T10:00:00+01:00' },
    });
    expect(help.status).toBe(201);

    const res = await world.request('GET', `/v1/villages/${village.id}?include=${FULL}`, { token: helper.token });
    expect(res.status).toBe(200);
    const v = res.body.data;
    expect(v.needs).toEqual([expect.objectContaining({ id: need.body.data.id, name: 'Courses du samedi' })]);
    expect(v.villagers).toHaveLength(2);
    expect(v.villagers[1].user).toEqual({ id: helper.id, first_name: 'Hugo', last_name: 'Test', photo: null });
    expect(JSON.stringify(v)).not.toContain(helper.email);
    expect(v.helps).toEqual([
      expect.objectContaining({
        helper_id: helperVillager,
        start_date: '2026-11-28T08:00:00.000Z',
        end_date: '2026-11-28T09:00:00.000Z',
        village_need: expect.objectContaining({ id: need.body.data.id }),
      }),
    ]);
  });

  it('answers 304 to a matching ETag and a new body once anything changed', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const first = await world.request('GET', `/v1/villages/${village.id}?include=${FULL}`, { token: creator.token });
    const etag = first.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    const same = await world.request('GET', `/v1/villages/${village.id}?include=${FULL}`, {
      token: creator.token,
      headers: { 'If-None-Match': etag },
    });
    expect(same.status).toBe(304);
    await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, infos: 'Sonner deux fois' },
    });
    const changed = await world.request('GET', `/v1/villages/${village.id}?include=${FULL}`, {
      token: creator.token,
      headers: { 'If-None-Match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.infos).toBe('Sonner deux fois');
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it('shows a helper’s new name in the cached village after a profile change', async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const village = await world.village(creator);
    await world.join(helper, village.shareCode);
    const url = `/v1/villages/${village.id}?include=villagers,villagers.user`;
    await world.request('GET', url, { token: creator.token });
    await world.request('PUT', `/v1/users/${helper.id}`, { token: helper.token, json: { first_name: 'Hugues' } });
    const after = await world.request('GET', url, { token: creator.token });
    expect(after.body.data.villagers[1].user.first_name).toBe('Hugues');
  });
});

describe('updating a village', () => {
  it('saves the fields sent and only those', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator, { state: 1 });
    const res = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: {
        updater_id: village.creatorVillagerId,
        phone: '06 12 34 56 78',
        start_date: '2026-12-01',
        end_date: '2027-01-31',
        home_infos: 'Code 1234B',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Le village de Jeanne',
      phone: '+33612345678',
      start_date: '2026-12-01',
      end_date: '2027-01-31',
      home_infos: 'Code 1234B',
    });
  });

  it('refuses a period ending before it starts, also against the stored start', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator, { state: 1 });
    await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, start_date: '2026-12-10' },
    });
    const res = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, end_date: '2026-12-01' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'end_date', message: 'La fin doit être après le début' }]);
  });
});

describe('the village time zone', () => {
  it('is Europe/Paris unless given at creation, changed by an update, and answered everywhere', async () => {
    const creator = await world.user('Claire');
    const plain = await world.request('POST', '/v1/villages', { token: creator.token, json: { creation_mode: 1 } });
    expect(plain.body.data.time_zone).toBe('Europe/Paris');
    const created = await world.request('POST', '/v1/villages', {
      token: creator.token,
      json: { creation_mode: 1, time_zone: 'America/Montreal' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.time_zone).toBe('America/Montreal');
    const village = { id: created.body.data.id as string, creatorVillagerId: created.body.data.villagers[0].id as string };
    const updated = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'Europe/Brussels' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.time_zone).toBe('Europe/Brussels');
    // An update without it leaves it as it is.
    await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, reason: 'Opération' },
    });
    const read = await world.request('GET', `/v1/villages/${village.id}`, { token: creator.token });
    expect(read.body.data.time_zone).toBe('Europe/Brussels');
  });

  it('refuses a zone that does not exist, in French, on the time_zone field', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator, { state: 1 });
    const res = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'Mars/Olympus_Mons' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'time_zone', message: expect.stringMatching(/fuseau/i) }]);
    const created = await world.request('POST', '/v1/villages', { token: creator.token, json: { creation_mode: 1, time_zone: 'Paris' } });
    expect(created.status).toBe(422);
    expect(created.body.errors[0].field).toBe('time_zone');
  });
});

describe('a village one may not read', () => {
  it('is refused in French: 403 to someone removed or never a member, 404 when it does not exist', async () => {
    const { helper, village, helperVillager } = await world.villageWithHelper();
    const outsider = await world.user('Oscar');
    expect(
      (await world.request('PUT', `/v1/villages/${village.id}/villagers/${helperVillager}/leave`, { token: helper.token })).status,
    ).toBe(200);
    for (const who of [helper, outsider]) {
      const res = await world.request('GET', `/v1/villages/${village.id}`, { token: who.token });
      expect(res.body).toEqual({ message: "Vous n'avez pas accès à ce village.", http_code: 403 });
    }
    for (const id of ['0190a1b2-0000-7000-8000-000000000000', 'pas-un-identifiant']) {
      const res = await world.request('GET', `/v1/villages/${id}`, { token: outsider.token });
      expect(res.body).toEqual({ message: 'Ce village est introuvable.', http_code: 404 });
    }
  });
});

describe('joining as helper', () => {
  it('joins once, even when asked twice, and rejoins after leaving', async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const village = await world.village(creator);
    const first = await world.request('PUT', '/v1/villages/join/helper', {
      token: helper.token,
      json: { share_code: village.shareCode.toLowerCase() },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ village_id: village.id, user_id: helper.id, is_creator: false, is_needy: false });
    const second = await world.request('PUT', '/v1/villages/join/helper', { token: helper.token, json: { share_code: village.shareCode } });
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    const full = await world.request('GET', `/v1/villages/${village.id}?include=villagers`, { token: creator.token });
    expect(full.body.data.villagers).toHaveLength(2);

    await world.request('PUT', `/v1/villages/${village.id}/villagers/${first.body.data.id}/leave`, { token: helper.token });
    const back = await world.request('PUT', '/v1/villages/join/helper', { token: helper.token, json: { share_code: village.shareCode } });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: first.body.data.id, is_out: false });
  });

  it('says in French why a join is refused: unknown code, banned, not open yet', async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const unknown = await world.request('PUT', '/v1/villages/join/helper', { token: helper.token, json: { share_code: 'ZZZZZZZZ' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Aucun village ne correspond à ce code.');

    const pending = await world.village(creator, { state: 2 });
    const notOpen = await world.request('PUT', '/v1/villages/join/helper', {
      token: helper.token,
      json: { share_code: pending.shareCode },
    });
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.message).toMatch(/^Ce village n'est pas encore ouvert/);

    const open = await world.village(creator);
    const villagerId = await world.join(helper, open.shareCode);
    const ban = await world.request('DELETE', `/v1/villages/${open.id}/villagers/${villagerId}?deleter_id=${open.creatorVillagerId}`, {
      token: creator.token,
    });
    expect(ban.status).toBe(204);
    const banned = await world.request('PUT', '/v1/villages/join/helper', { token: helper.token, json: { share_code: open.shareCode } });
    expect(banned.status).toBe(403);
    expect(banned.body.message).toBe('Vous avez été retiré de ce village\u00a0: vous ne pouvez pas le rejoindre.');
  });
});

describe('the village photo', () => {
  it('is re-encoded to WebP, shown on the village, and the old one removed when replaced', async () => {
    const sharp = (await import('sharp')).default;
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const upload = async (color: string) => {
      const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      form.append('updater_id', village.creatorVillagerId);
      return world.request('POST', `/v1/villages/${village.id}/photo`, { token: creator.token, body: form });
    };
    const first = await upload('#336699');
    expect(first.status).toBe(200);
    const url = first.body.data.photo.original_url as string;
    expect(url).toMatch(/^http:\/\/localhost:3333\/uploads\/[0-9a-f-]+\.webp$/);
    const served = await world.app.request(new URL(url).pathname);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 });

    const second = await upload('#993366');
    expect(second.status).toBe(200);
    expect(second.body.data.photo.original_url).not.toBe(url);
    expect((await world.app.request(new URL(url).pathname)).status).toBe(404);
    const view = await world.request('GET', `/v1/villages/${village.id}?include=photo`, { token: creator.token });
    expect(view.body.data.photo.original_url).toBe(second.body.data.photo.original_url);
  });
});
