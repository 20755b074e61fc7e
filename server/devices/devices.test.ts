import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceRecords } from '../db/schema';
import { sweepStale } from '../http/sweeps';
import { createWorld, TEST_PASSWORD, type TestUser, type World } from '../test/world';

// Created at collection time so that the world's own afterAll, which closes the database, is on this file.
const world: World = await createWorld();

const PATH = '/v1/users/me/device';
const EXPIRED = 'Votre session a expiré, veuillez vous reconnecter.';

/** One browser: the cookie jar the server's Set-Cookie fills, sent back on every call. */
function aBrowser() {
  let cookie: string | null = null;
  const remember = (headers: Headers) => {
    const set = headers.get('Set-Cookie');
    if (set) cookie = set.split(';')[0];
  };
  return {
    get cookie() {
      return cookie;
    },
    async checkIn(user: TestUser, json: unknown) {
      const res = await world.request('PUT', PATH, { token: user.token, json, headers: cookie ? { Cookie: cookie } : {} });
      remember(res.headers);
      return res;
    },
    async logOut(user: TestUser) {
      return world.request('POST', '/v1/auth/logout', { token: user.token, headers: cookie ? { Cookie: cookie } : {} });
    },
  };
}

const waiting = (storeId: string, pending: string[], oldest: string | null = '2026-11-20T08:30:00Z') => ({
  store_id: storeId,
  pending_count: pending.length,
  oldest_pending_at: pending.length ? oldest : null,
  pending,
});

async function signInAgain(user: TestUser): Promise<TestUser> {
  const res = await world.request('POST', '/v1/auth/login', { json: { email: user.email, password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return { ...user, token: res.body.data.token };
}

describe('PUT /v1/users/me/device', () => {
  it('names the device with an HttpOnly, SameSite=Strict cookie on /v1/ for 400 days, and has nothing to tell at first', async () => {
    const marie = await world.user('Marie');
    const res = await aBrowser().checkIn(marie, waiting(randomUUID(), []));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { lost: null } });
    const cookie = res.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^village_device=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/v1/');
    expect(cookie).toContain(`Max-Age=${400 * 24 * 3600}`);
  });

  it('tells of a store wiped with writes waiting: the last contact, the count, the oldest and their descriptions, until acknowledged', async () => {
    const marie = await world.user('Marie');
    const phone = aBrowser();
    const before = randomUUID();
    await phone.checkIn(marie, waiting(before, ['Message dans la discussion : « Je passe à 18 h »', 'Créneau pris : jeudi 19 h']));
    const contactAt = world.clock.now().toISOString();
    world.clock.advance(8 * 24 * 3600 * 1000);

    // Safari wiped the store: the app makes a new one, the cookie stayed.
    const after = randomUUID();
    const told = await phone.checkIn(marie, waiting(after, []));
    expect(told.status).toBe(200);
    expect(told.body.data.lost).toEqual({
      last_contact_at: contactAt,
      pending_count: 2,
      oldest_pending_at: '2026-11-20T08:30:00.000Z',
      pending: ['Message dans la discussion : « Je passe à 18 h »', 'Créneau pris : jeudi 19 h'],
    });
    // Told again at each check-in (a reload before the person saw it) until acknowledged, then never.
    expect((await phone.checkIn(marie, waiting(after, []))).body.data.lost).toMatchObject({ pending_count: 2 });
    expect((await phone.checkIn(marie, { ...waiting(after, []), acknowledge_lost: true })).body.data.lost).toBeNull();
    expect((await phone.checkIn(marie, waiting(after, []))).body.data.lost).toBeNull();
  });

  it('tells of a store wiped with nothing known waiting (writes typed after the last contact are not known)', async () => {
    const marie = await world.user('Marie');
    const phone = aBrowser();
    await phone.checkIn(marie, waiting(randomUUID(), []));
    const contactAt = world.clock.now().toISOString();
    world.clock.advance(3600 * 1000);
    const told = await phone.checkIn(marie, waiting(randomUUID(), []));
    expect(told.body.data.lost).toEqual({ last_contact_at: contactAt, pending_count: 0, oldest_pending_at: null, pending: [] });
  });

  it('tells nothing after a clean sign-out on this device, nor to another person, nor on another device', async () => {
    const marie = await world.user('Marie');
    const phone = aBrowser();
    await phone.checkIn(marie, waiting(randomUUID(), ['Créneau pris : jeudi 19 h']));
    expect((await phone.logOut(marie)).status).toBe(204);
    const again = await signInAgain(marie);
    expect((await phone.checkIn(again, waiting(randomUUID(), []))).body.data.lost).toBeNull();

    // Bruno signs in on the same phone: Marie's record is hers.
    const bruno = await world.user('Bruno');
    expect((await phone.checkIn(bruno, waiting(randomUUID(), []))).body.data.lost).toBeNull();
    // A laptop of Marie's, with a store of its own: no loss of the phone's store is told there.
    expect((await aBrowser().checkIn(again, waiting(randomUUID(), []))).body.data.lost).toBeNull();
  });

  it('keeps one record per store when the cookie does not come back, and then names it by the new cookie', async () => {
    const marie = await world.user('Marie');
    const store = randomUUID();
    await aBrowser().checkIn(marie, waiting(store, ['Créneau pris : jeudi 19 h']));
    const other = aBrowser();
    await other.checkIn(marie, waiting(store, []));
    const rows = await world.db.select().from(deviceRecords).where(eq(deviceRecords.userId, marie.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].pendingCount).toBe(0);
    // The record now answers to the new cookie: a wipe seen through it is told.
    expect((await other.checkIn(marie, waiting(randomUUID(), []))).body.data.lost).toMatchObject({ pending_count: 0 });
  });

  it('is forgotten by the sweep once its cookie has lapsed (400 days without a check-in), not before', async () => {
    const marie = await world.user('Marie');
    await aBrowser().checkIn(marie, waiting(randomUUID(), []));
    const records = async () => (await world.db.select().from(deviceRecords).where(eq(deviceRecords.userId, marie.id))).length;
    const DAY = 24 * 3600 * 1000;
    await sweepStale(world, new Date(world.clock.now().getTime() + 399 * DAY));
    expect(await records()).toBe(1);
    await sweepStale(world, new Date(world.clock.now().getTime() + 401 * DAY));
    expect(await records()).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const res = await world.request('PUT', PATH, { json: waiting(randomUUID(), []) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ http_code: 401, message: EXPIRED });
  });

  it('refuses in French what a client can get wrong, never with a 500', async () => {
    const marie = await world.user('Marie');
    const good = waiting(randomUUID(), ['Créneau pris']);
    const bodies: [unknown, string][] = [
      [{ ...good, store_id: 'pas-un-id' }, 'store_id'],
      [{ ...good, pending_count: -1 }, 'pending_count'],
      [{ ...good, pending_count: 1.5 }, 'pending_count'],
      [{ ...good, pending_count: '3' }, 'pending_count'],
      [{ ...good, oldest_pending_at: 'hier' }, 'oldest_pending_at'],
      [{ ...good, pending: Array.from({ length: 21 }, () => 'Créneau pris') }, 'pending'],
      [{ ...good, pending: ['x'.repeat(141)] }, 'pending'],
      [{ ...good, pending: [42] }, 'pending'],
      [{ ...good, acknowledge_lost: 'oui' }, 'acknowledge_lost'],
      [{ ...good, extra: 1 }, 'extra'],
    ];
    for (const [json, field] of bodies) {
      const res = await aBrowser().checkIn(marie, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain(field);
      expect(res.body.message).toBe('Certaines informations ne sont pas valides.');
    }
    const notJson = await world.request('PUT', PATH, { token: marie.token, body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe("Le contenu envoyé n'est pas un JSON valide.");
    const forged = await world.request('PUT', PATH, { token: marie.token, json: good, headers: { Cookie: 'village_device=%%%;' } });
    expect(forged.status).toBe(200);
  });
});
