import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();

/** The ZIP an export answers, opened with the same library the server writes it with. */
async function download(path: string, who: TestUser) {
  const res = await world.app.request(path, { headers: { Authorization: `Bearer ${who.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, files: () => unzipSync(bytes) };
}

/** Claire's village where Hugo took a slot, wrote in the chat and was thanked; Claire posted a news with a photo. */
async function livedVillage() {
  const cast = await world.villageWithHelper();
  const { creator, helper, village, helperVillager } = cast;
  const phoned = await world.request('PUT', `/v1/users/${creator.id}`, { token: creator.token, json: { phone: '0612345678' } });
  expect(phoned.status, JSON.stringify(phoned.body)).toBe(200);
  const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Repas du soir' },
  });
  const help = await world.request('POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
    token: helper.token,
    json: {
      helper_id: helperVillager,
      start_date: '2026-11-26T18:30:00+01:00',
      end_date: '2026-11-26T19:30:00+01:00',
      comment: 'Je passe avec une soupe',
    },
  });
  expect(help.status).toBe(201);
  const said = await world.request('POST', `/v1/villages/${village.id}/messages`, {
    token: helper.token,
    json: { villager_id: helperVillager, body: 'Je m’occupe du repas jeudi' },
  });
  expect(said.status).toBe(201);
  const post = await world.request('POST', `/v1/villages/${village.id}/news`, {
    token: creator.token,
    json: { author_id: village.creatorVillagerId, body: 'Jeanne a bien dormi <b>cette nuit</b>' },
  });
  expect(post.status).toBe(201);
  const form = new FormData();
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  form.append('updater_id', village.creatorVillagerId);
  const photo = await world.request('POST', `/v1/villages/${village.id}/news/${post.body.data.id}/photos`, {
    token: creator.token,
    body: form,
  });
  expect(photo.status, JSON.stringify(photo.body)).toBe(201);
  return cast;
}

describe('my data export', () => {
  it('is a ZIP of my helps and messages, my slots and a French LISEZ-MOI, without another member’s address', async () => {
    const { creator, helper } = await livedVillage();
    const { res, files } = await download('/v1/users/me/export', helper);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="mes-donnees-village.zip"');
    const zip = files();
    expect(Object.keys(zip).sort()).toEqual(['LISEZ-MOI.txt', 'creneaux.ics', 'donnees.json', 'mes-donnees.html']);
    const raw = strFromU8(zip['donnees.json']);
    const data = JSON.parse(raw);
    expect(data.profile).toMatchObject({ email: helper.email, first_name: 'Hugo' });
    expect(data.helps).toEqual([
      expect.objectContaining({ need: 'Repas du soir', comment: 'Je passe avec une soupe', start: '2026-11-26T17:30:00.000Z' }),
    ]);
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(['Je m’occupe du repas jeudi']);
    expect(data.villages).toEqual([
      expect.objectContaining({ village_name: 'Le village de Jeanne', roles: expect.objectContaining({ is_creator: false }) }),
    ]);
    expect(raw).not.toContain(creator.email);
    expect(raw).not.toContain('0612345678');
    expect(raw).not.toMatch(/password|hash|token/i);
    expect(strFromU8(zip['creneaux.ics'])).toMatch(/BEGIN:VCALENDAR[\s\S]*SUMMARY:Repas du soir/);
    expect(strFromU8(zip['LISEZ-MOI.txt'])).toContain('donnees.json\u00a0: vos données');
    // The same, to read: a page with no script and no outside address, in French.
    const page = strFromU8(zip['mes-donnees.html']);
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<h1>Mes données — Hugo');
    expect(page).toMatch(
      /<h2>Mes aides<\/h2><ul><li>[^<]*: <strong>Repas du soir<\/strong> \(Le village de Jeanne\) — Je passe avec une soupe/,
    );
    expect(page).toContain('Je m’occupe du repas jeudi');
    expect(page).not.toContain(creator.email);
    expect(page).not.toMatch(/<script|https?:\/\//);
  });

  it('asks for a signed-in person', async () => {
    const res = await world.app.request('/v1/users/me/export');
    expect(res.status).toBe(401);
  });

  it('is refused in French past a few an hour', async () => {
    const someone = await world.user('Nina');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await download('/v1/users/me/export', someone)).res.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await world.request('GET', '/v1/users/me/export', { token: someone.token });
    expect(refused.body.message).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
  });
});

describe('a village’s archive', () => {
  it('gives its organisers the village as JSON, offline HTML pages and the news photos, with names but no addresses', async () => {
    const { creator, helper, village } = await livedVillage();
    const { res, files } = await download(`/v1/villages/${village.id}/export`, creator);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="archive-du-village.zip"');
    const zip = files();
    const data = JSON.parse(strFromU8(zip['village.json']));
    expect(data.members.map((m: { name: string }) => m.name).sort()).toEqual(['Claire Test', 'Hugo Test']);
    expect(data.helps).toEqual([expect.objectContaining({ helper: 'Hugo Test', need: 'Repas du soir' })]);
    expect(data.chat).toEqual([expect.objectContaining({ author: 'Hugo Test', body: 'Je m’occupe du repas jeudi' })]);
    const [photo] = data.news[0].photos as string[];
    expect(photo).toMatch(/^photos\/[0-9a-f-]+\.webp$/);
    expect((await sharp(Buffer.from(zip[photo])).metadata()).format).toBe('webp');
    const index = strFromU8(zip['index.html']);
    expect(index).toContain(`<img src="${photo}"`);
    expect(index).toContain('Jeanne a bien dormi &lt;b&gt;cette nuit&lt;/b&gt;');
    expect(index).toMatch(/jeudi\s26\snovembre\s2026\sà\s18\sh\s30/);
    expect(index).not.toMatch(/<script|https?:\/\//);
    expect(strFromU8(zip['discussion.html'])).toContain('Je m’occupe du repas jeudi');
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(creator.email);
    expect(everything).not.toContain(helper.email);
    expect(everything).not.toContain('0612345678');
  });

  it('is refused in French to a plain helper and to an outsider', async () => {
    const { helper, village } = await livedVillage();
    const outsider = await world.user('Oscar');
    const asHelper = await world.request('GET', `/v1/villages/${village.id}/export`, { token: helper.token });
    expect(asHelper.status).toBe(403);
    expect(asHelper.body.message).toBe('Seules les personnes qui gèrent ce village peuvent faire cela.');
    const asOutsider = await world.request('GET', `/v1/villages/${village.id}/export`, { token: outsider.token });
    expect(asOutsider.status).toBe(403);
    expect(asOutsider.body.message).toBe("Vous n'avez pas accès à ce village.");
    const unknown = await world.request('GET', '/v1/villages/nope/export', { token: outsider.token });
    expect(unknown.status).toBe(404);
  });
});
