import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sessions, users, villagers } from '../db/schema';
import { createWorld, type TestUser, type World } from '../test/world';

// Created at collection time (not in beforeAll) so that the world's own afterAll, which closes the
// database, is registered on this file.
const world: World = await createWorld();

const EXPIRED = 'Votre session a expiré, veuillez vous reconnecter.';
const ONLY_YOURSELF = 'Vous ne pouvez modifier que votre propre compte.';
const WRONG_TYPE = 'La photo doit être une image JPEG, PNG ou WebP';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const me = (token: string) => world.request('GET', '/v1/users/me', { token });

/** A picture of that size: plain colour when large (fast to encode), noise when small (a real payload). */
const noisy = (width: number, height: number) =>
  width * height > 500_000
    ? sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    : sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

/** A camera-like JPEG: 3000×2000, turned by its EXIF orientation, with an author, a copyright and a GPS position. */
const cameraJpeg = () =>
  noisy(3000, 2000)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Famille Martin', Artist: 'Appareil secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();

function photoForm(data: Uint8Array, type: string, name: string): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

const upload = (user: TestUser, form: FormData, headers?: Record<string, string>) =>
  world.request('POST', `/v1/users/${user.id}/photo`, { token: user.token, body: form, headers });

/** The served file's bytes and headers (the world's `request` reads bodies as text). */
async function served(url: string) {
  const path = new URL(url).pathname;
  const res = await world.app.request(path);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const keyOf = (url: string) => new URL(url).pathname.replace('/uploads/', '');

describe('GET /v1/users/me', () => {
  it('answers the signed-in user in the contract shape, never the password', async () => {
    const marie = await world.user('Marie');
    const res = await me(marie.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: marie.id,
        uuid: expect.stringMatching(UUID),
        email: marie.email,
        first_name: 'Marie',
        last_name: 'Test',
        phone: null,
        photo: null,
        analytics_consent: null,
        email_verified_at: world.clock.now().toISOString(),
        has_password: true,
      },
    });
    expect(res.body.data.uuid).not.toBe(marie.id);
  });

  it('answers 401 in French without a session', async () => {
    const res = await world.request('GET', '/v1/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: EXPIRED, http_code: 401 });
  });
});

describe('PUT /v1/users/{id}', () => {
  it('updates one own fields (e-mail lowercased, phone kept in E.164)', async () => {
    const luc = await world.user('Luc');
    const res = await world.request('PUT', `/v1/users/${luc.id}`, {
      token: luc.token,
      json: {
        first_name: ' Lucien ',
        last_name: 'Moreau',
        email: 'Lucien.Moreau@Exemple.fr',
        phone: '06 12.34 56 78',
        analytics_consent: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: luc.id,
      first_name: 'Lucien',
      last_name: 'Moreau',
      email: 'lucien.moreau@exemple.fr',
      phone: '+33612345678',
      analytics_consent: true,
    });
    expect((await me(luc.token)).body.data).toEqual(res.body.data);

    // A partial update leaves the other fields alone; an empty phone clears it.
    const partial = await world.request('PUT', `/v1/users/${luc.id}`, { token: luc.token, json: { phone: '' } });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ first_name: 'Lucien', email: 'lucien.moreau@exemple.fr', phone: null });
  });

  it('refuses a phone with letters with the spec message, and changes nothing', async () => {
    const nina = await world.user('Nina');
    const res = await world.request('PUT', `/v1/users/${nina.id}`, {
      token: nina.token,
      json: { first_name: 'Changee', phone: '06 12 34 ab' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ http_code: 422, errors: [{ field: 'phone', message: 'Le champs doit être un chiffre' }] });
    expect(typeof res.body.message).toBe('string');
    expect((await me(nina.token)).body.data).toMatchObject({ first_name: 'Nina', phone: null });
  });

  it('refuses an e-mail taken by another account (422 on email), accepts one own e-mail', async () => {
    const owner = await world.user('Proprio');
    const other = await world.user('Autre');
    const res = await world.request('PUT', `/v1/users/${other.id}`, {
      token: other.token,
      json: { email: owner.email.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'email', message: 'Un compte existe déjà avec cet email' }]);
    expect((await me(other.token)).body.data.email).toBe(other.email);
    const same = await world.request('PUT', `/v1/users/${other.id}`, { token: other.token, json: { email: other.email } });
    expect(same.status).toBe(200);
  });

  it('refuses wrong types, blank names and unknown fields in French', async () => {
    const olga = await world.user('Olga');
    const res = await world.request('PUT', `/v1/users/${olga.id}`, {
      token: olga.token,
      json: { first_name: '  ', last_name: 12, email: 'pas-un-email', password_hash: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'Ce champ est requis' },
        { field: 'last_name', message: "Ce champ n'a pas le bon format" },
        { field: 'email', message: "L'email n'est pas valide" },
        { field: 'password_hash', message: "Ce champ n'est pas attendu" },
      ]),
    );
    expect((await me(olga.token)).body.data.first_name).toBe('Olga');
  });

  it("answers 403 in French for another user's id, and changes nothing", async () => {
    const alice = await world.user('Alice');
    const bob = await world.user('Bob');
    const res = await world.request('PUT', `/v1/users/${bob.id}`, { token: alice.token, json: { first_name: 'Pirate' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: ONLY_YOURSELF, http_code: 403 });
    expect((await me(bob.token)).body.data.first_name).toBe('Bob');
    expect((await world.request('PUT', `/v1/users/${bob.id}`, { json: { first_name: 'Anonyme' } })).status).toBe(401);
  });
});

describe('POST /v1/users/{id}/photo', () => {
  it('re-encodes a camera JPEG to WebP of at most 1024 px, upright, with no EXIF, served with long cache headers', async () => {
    const camille = await world.user('Camille');
    const jpeg = await cameraJpeg();
    // The input really carries what must disappear.
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes('Famille Martin')).toBe(true);
    expect(input.orientation).toBe(6);

    const res = await upload(camille, photoForm(jpeg, 'image/jpeg', 'IMG_0001.JPG'));
    expect(res.status).toBe(200);
    const url: string = res.body.data.photo.original_url;
    expect(url).toMatch(/^http:\/\/localhost:3333\/uploads\/[a-z0-9-]+\.webp$/);
    expect(res.body.data).toMatchObject({ id: camille.id, first_name: 'Camille' });
    expect((await me(camille.token)).body.data.photo).toEqual({ original_url: url });

    const file = await served(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/webp');
    const cache = file.headers.get('Cache-Control') ?? '';
    expect(cache).toContain('immutable');
    expect(Number(cache.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(file.bytes.equals(world.files.files.get(keyOf(url))!)).toBe(true);

    const meta = await sharp(file.bytes).metadata();
    expect(meta.format).toBe('webp');
    // Turned upright by the EXIF orientation (3000×2000 shown as 2000×3000), then fitted in 1024.
    expect([meta.width, meta.height]).toEqual([683, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(file.bytes.includes('Famille Martin')).toBe(false);
    expect(file.bytes.includes('Appareil secret')).toBe(false);
  });

  it('accepts a PNG (kept at its size when smaller) and a WebP (shrunk to 1024), replacing the old file', async () => {
    const hugo = await world.user('Hugo');
    const png = await noisy(800, 600).png().toBuffer();
    const first = await upload(hugo, photoForm(png, 'image/png', 'dessin.png'));
    expect(first.status).toBe(200);
    const firstKey = keyOf(first.body.data.photo.original_url);
    const firstMeta = await sharp(world.files.files.get(firstKey)!).metadata();
    expect([firstMeta.format, firstMeta.width, firstMeta.height]).toEqual(['webp', 800, 600]);

    const webp = await noisy(2048, 512).webp().toBuffer();
    const second = await upload(hugo, photoForm(webp, 'image/webp', 'panorama.webp'));
    expect(second.status).toBe(200);
    const secondKey = keyOf(second.body.data.photo.original_url);
    expect(secondKey).not.toBe(firstKey);
    const secondMeta = await sharp((await served(second.body.data.photo.original_url)).bytes).metadata();
    expect([secondMeta.format, secondMeta.width, secondMeta.height]).toEqual(['webp', 1024, 256]);

    // The replaced photo is gone from the store and no longer served.
    expect(world.files.files.has(firstKey)).toBe(false);
    expect(world.files.files.has(secondKey)).toBe(true);
    expect((await served(first.body.data.photo.original_url)).status).toBe(404);
  });

  it('checks the content, not the name: a text file named .jpg is refused with 422 in French', async () => {
    const ines = await world.user('Ines');
    const before = world.files.files.size;
    const fake = new TextEncoder().encode('Ceci est un texte, pas une photo.\n'.repeat(50));
    const res = await upload(ines, photoForm(fake, 'image/jpeg', 'vacances.jpg'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ http_code: 422, errors: [{ field: 'photo', message: WRONG_TYPE }] });
    expect(typeof res.body.message).toBe('string');
    // A GIF is an image, but not one of the three accepted.
    const gif = await noisy(40, 40).gif().toBuffer();
    const gifRes = await upload(ines, photoForm(gif, 'image/gif', 'anim.gif'));
    expect(gifRes.status).toBe(422);
    expect(gifRes.body.errors).toEqual([{ field: 'photo', message: WRONG_TYPE }]);
    expect(world.files.files.size).toBe(before);
    expect((await me(ines.token)).body.data.photo).toBeNull();
  });

  it('answers 422 in French without a photo field', async () => {
    const jean = await world.user('Jean');
    const form = new FormData();
    form.append('image', 'rien');
    const res = await upload(jean, form);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'photo', message: 'Ce champ est requis' }]);
  });

  it('answers 413 in French for a file over 10 MB, and stores nothing', async () => {
    const karl = await world.user('Karl');
    const before = world.files.files.size;
    const big = randomBytes(10 * 1024 * 1024 + 1);
    const res = await upload(karl, photoForm(big, 'image/jpeg', 'grosse.jpg'));
    expect(res.status).toBe(413);
    expect(res.body.http_code).toBe(413);
    expect(res.body.message).toMatch(/Mo|volumineux/);
    // Far over the limit: cut off by the body limit, same answer.
    const huge = randomBytes(12 * 1024 * 1024);
    const hugeRes = await upload(karl, photoForm(huge, 'image/jpeg', 'enorme.jpg'));
    expect(hugeRes.status).toBe(413);
    expect(hugeRes.body.http_code).toBe(413);
    expect(world.files.files.size).toBe(before);
  });

  it("refuses another user's photo (403) and stores nothing", async () => {
    const lea = await world.user('Lea');
    const max = await world.user('Max');
    const before = world.files.files.size;
    const png = await noisy(64, 64).png().toBuffer();
    const res = await world.request('POST', `/v1/users/${max.id}/photo`, { token: lea.token, body: photoForm(png, 'image/png', 'a.png') });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ONLY_YOURSELF);
    expect(world.files.files.size).toBe(before);
  });
});

describe('DELETE /v1/users/{id}', () => {
  it('deletes one own account: token dead, villagers out and unlinked, villages kept for the others, villager_left in the feed', async () => {
    const creator = await world.user('Createur');
    const helper = await world.user('Aidant');
    const village = await world.village(creator);
    await world.join(helper, village.shareCode);
    const png = await noisy(64, 64).png().toBuffer();
    const photo = await upload(creator, photoForm(png, 'image/png', 'moi.png'));
    const photoKey = keyOf(photo.body.data.photo.original_url);

    const res = await world.request('DELETE', `/v1/users/${creator.id}`, { token: creator.token });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    // The token no longer works, and the personal data is gone (row, sessions, photo file).
    const after = await me(creator.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(EXPIRED);
    expect(await world.db.select().from(users).where(eq(users.id, creator.id))).toHaveLength(0);
    expect(await world.db.select().from(users).where(eq(users.email, creator.email))).toHaveLength(0);
    expect(await world.db.select().from(sessions).where(eq(sessions.userId, creator.id))).toHaveLength(0);
    expect(world.files.files.has(photoKey)).toBe(false);

    // The village stays, readable by the helper; the creator's villager is out and no longer linked.
    const view = await world.request('GET', `/v1/villages/${village.id}?include=villagers.user`, { token: helper.token });
    expect(view.status).toBe(200);
    const gone = view.body.data.villagers.find((v: { id: string }) => v.id === village.creatorVillagerId);
    expect(gone).toMatchObject({ is_out: true, user_id: null, user: null, is_creator: true });
    expect(JSON.stringify(view.body)).not.toContain(creator.email);
    const [row] = await world.db.select().from(villagers).where(eq(villagers.id, village.creatorVillagerId));
    expect(row).toMatchObject({ isOut: true, userId: null });

    // The feed tells the others.
    const feed = await world.request('GET', `/v1/villages/${village.id}/actions`, { token: helper.token });
    expect(feed.status).toBe(200);
    expect(feed.body.data[0]).toMatchObject({ type: 'villager_left', villager_id: village.creatorVillagerId, village_id: village.id });
  });

  it("refuses to delete another user's account (403) and deletes nothing", async () => {
    const eve = await world.user('Eve');
    const victim = await world.user('Victime');
    const res = await world.request('DELETE', `/v1/users/${victim.id}`, { token: eve.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: ONLY_YOURSELF, http_code: 403 });
    expect((await me(victim.token)).status).toBe(200);
    expect((await world.request('DELETE', `/v1/users/${victim.id}`)).status).toBe(401);
  });

  it('answers 404 in French for an id that is not a UUID', async () => {
    const zoe = await world.user('Zoe');
    const res = await world.request('DELETE', '/v1/users/pas-un-id', { token: zoe.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Ce compte est introuvable.', http_code: 404 });
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and changes nothing again', async () => {
    const paul = await world.user('Paul');
    const headers = { 'Idempotency-Key': 'cle-paul-1' };
    const first = await world.request('PUT', `/v1/users/${paul.id}`, { token: paul.token, json: { first_name: 'Paulo' }, headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();

    // Meanwhile the name changes again without a key.
    const other = await world.request('PUT', `/v1/users/${paul.id}`, { token: paul.token, json: { first_name: 'Pablo' } });
    expect(other.status).toBe(200);

    const again = await world.request('PUT', `/v1/users/${paul.id}`, { token: paul.token, json: { first_name: 'Paulo' }, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // The retry changed nothing: the later change stays.
    expect((await me(paul.token)).body.data.first_name).toBe('Pablo');
  });

  it('refuses the same key reused on another path with 422', async () => {
    const rose = await world.user('Rose');
    const village = await world.village(rose);
    const headers = { 'Idempotency-Key': 'cle-rose-1' };
    const first = await world.request('PUT', `/v1/users/${rose.id}`, { token: rose.token, json: { last_name: 'Durand' }, headers });
    expect(first.status).toBe(200);
    const reused = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: rose.token,
      json: { updater_id: village.creatorVillagerId, name: 'Autre nom' },
      headers,
    });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ message: "Cette clé d'idempotence a déjà servi pour une autre requête.", http_code: 422 });
    const view = await world.request('GET', `/v1/villages/${village.id}`, { token: rose.token });
    expect(view.body.data.name).toBe('Le village de Jeanne');
  });

  it('keys are per user: the same key from someone else is a new request', async () => {
    const sam = await world.user('Sam');
    const tom = await world.user('Tom');
    const headers = { 'Idempotency-Key': 'cle-partagee' };
    const a = await world.request('PUT', `/v1/users/${sam.id}`, { token: sam.token, json: { first_name: 'Samuel' }, headers });
    const b = await world.request('PUT', `/v1/users/${tom.id}`, { token: tom.token, json: { first_name: 'Thomas' }, headers });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers.get('Idempotent-Replayed')).toBeNull();
    expect(b.body.data.first_name).toBe('Thomas');
  });

  it('a replayed or refused photo upload leaves no stray file in the store', async () => {
    const ugo = await world.user('Ugo');
    const png = await noisy(64, 64).png().toBuffer();
    const headers = { 'Idempotency-Key': 'photo-ugo-1' };
    const before = world.files.files.size;
    const first = await upload(ugo, photoForm(png, 'image/png', 'a.png'), headers);
    expect(first.status).toBe(200);
    const again = await upload(ugo, photoForm(png, 'image/png', 'a.png'), headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(world.files.files.size).toBe(before + 1);
    expect(world.files.files.has(keyOf(first.body.data.photo.original_url))).toBe(true);

    // The key already served a PUT on the account: reused for a photo it is refused, and nothing is kept.
    const putKey = { 'Idempotency-Key': 'put-ugo-1' };
    expect(
      (await world.request('PUT', `/v1/users/${ugo.id}`, { token: ugo.token, json: { last_name: 'U' }, headers: putKey })).status,
    ).toBe(200);
    const refused = await upload(ugo, photoForm(png, 'image/png', 'b.png'), putKey);
    expect(refused.status).toBe(422);
    expect(world.files.files.size).toBe(before + 1);
    expect((await me(ugo.token)).body.data.photo).toEqual(first.body.data.photo);
  });
});
