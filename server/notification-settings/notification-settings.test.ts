import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '../../src/contract/notification-settings';
import { notificationSettings, users } from '../db/schema';
import { wantsMail } from '../mail/preferences';
import { createWorld, type TestUser, type World } from '../test/world';

/** The defaults of someone who organises no village: the urgent slots' alert (`gaps`) off until chosen. */
const MEMBER_DEFAULTS = defaultNotificationSettings(false);

// Created at collection time so that the world's own afterAll, which closes the database, is on this file.
const world: World = await createWorld();

const PATH = '/v1/users/me/notification_settings';
const EXPIRED = 'Votre session a expiré, veuillez vous reconnecter.';

const read = (user: TestUser) => world.request('GET', PATH, { token: user.token });
const change = (user: TestUser, json: unknown, headers?: Record<string, string>) =>
  world.request('PUT', PATH, { token: user.token, json, headers });

describe('GET /v1/users/me/notification_settings', () => {
  it('answers the defaults to someone who never chose', async () => {
    const marie = await world.user('Marie');
    const res = await read(marie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: MEMBER_DEFAULTS });
    expect(res.body.data.email).toMatchObject({ confirmations: true, reminders: true, chat: false });
  });

  it('lays what was stored over the defaults: a kind added since starts at its default, an unknown one is dropped', async () => {
    const marie = await world.user('Marie');
    await world.db
      .insert(notificationSettings)
      .values({ userId: marie.id, settings: { email: { reminders: false, fax: true }, push: { chat: 'oui' } } });
    const res = await read(marie);
    expect(res.body.data).toEqual({
      ...MEMBER_DEFAULTS,
      email: { ...MEMBER_DEFAULTS.email, reminders: false },
    });
  });

  it('answers 401 without a session', async () => {
    const res = await world.request('GET', PATH);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ http_code: 401, message: EXPIRED });
  });
});

describe('PUT /v1/users/me/notification_settings', () => {
  it('changes only the switches named, keeps the rest, and answers the whole', async () => {
    const marie = await world.user('Marie');
    const first = await change(marie, { email: { chat: true } });
    expect(first.status).toBe(200);
    const second = await change(marie, { push: { reminders: false } });
    const expected = {
      email: { ...MEMBER_DEFAULTS.email, chat: true },
      push: { ...MEMBER_DEFAULTS.push, reminders: false },
      muted_village_ids: [],
    };
    expect(second.body).toEqual({ data: expected });
    expect((await read(marie)).body).toEqual({ data: expected });
  });

  it('replaces the muted villages with the list given, once each, members or not (no oracle)', async () => {
    const { helper, village } = await world.villageWithHelper();
    const unknown = uuidv7();
    const res = await change(helper, { muted_village_ids: [village.id, unknown.toUpperCase(), village.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.muted_village_ids).toEqual([village.id, unknown]);
    expect((await change(helper, { muted_village_ids: [] })).body.data.muted_village_ids).toEqual([]);
  });

  it('keeps both of two changes made at once from two devices', async () => {
    const marie = await world.user('Marie');
    const [a, b] = await Promise.all([change(marie, { email: { chat: true } }), change(marie, { push: { chat: false } })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await read(marie)).body.data).toMatchObject({ email: { chat: true }, push: { chat: false } });
  });

  it('is one person’s own: another user’s settings stay untouched', async () => {
    const marie = await world.user('Marie');
    const paul = await world.user('Paul');
    await change(marie, { email: { new_slots: false } });
    expect((await read(paul)).body.data).toEqual(MEMBER_DEFAULTS);
  });

  it('refuses in French what is not a setting: an unknown kind or channel, a non-boolean, an id that is not a UUID, too many', async () => {
    const marie = await world.user('Marie');
    const cases: [unknown, string, string][] = [
      [{ email: { fax: true } }, 'email.fax', "Ce champ n'est pas attendu"],
      [{ sms: { chat: true } }, 'sms', "Ce champ n'est pas attendu"],
      [{ push: { chat: 'oui' } }, 'push.chat', "Ce champ n'a pas le bon format"],
      [{ muted_village_ids: ['pas-un-uuid'] }, 'muted_village_ids.0', "Cet identifiant n'est pas valide"],
      [{ muted_village_ids: Array.from({ length: 201 }, () => uuidv7()) }, 'muted_village_ids', 'Pas plus de 200 villages en sourdine'],
    ];
    for (const [body, field, message] of cases) {
      const res = await change(marie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ http_code: 422, errors: [{ field, message }] });
    }
    // Nothing was stored by the refused changes.
    expect(await world.db.select().from(notificationSettings).where(eq(notificationSettings.userId, marie.id))).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await world.request('PUT', PATH, { json: { email: { chat: true } } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ http_code: 401, message: EXPIRED });
  });

  it('answers a repeated Idempotency-Key with the first answer', async () => {
    const marie = await world.user('Marie');
    const headers = { 'Idempotency-Key': uuidv7() };
    const first = await change(marie, { email: { chat: true } }, headers);
    await change(marie, { email: { chat: false } });
    const again = await change(marie, { email: { chat: true } }, headers);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await read(marie)).body.data.email.chat).toBe(false);
  });

  it('is gone with the account', async () => {
    const marie = await world.user('Marie');
    await change(marie, { email: { chat: true } });
    await world.db.delete(users).where(eq(users.id, marie.id));
    expect(await world.db.select().from(notificationSettings).where(eq(notificationSettings.userId, marie.id))).toEqual([]);
  });
});

describe('the urgent slots and the nudges (gaps, nudges)', () => {
  it('lists both; gaps is on for an organiser and off for a plain member until they choose it', async () => {
    const { creator, helper } = await world.villageWithHelper();
    const organiser = (await read(creator)).body.data;
    expect(organiser.email).toMatchObject({ gaps: true, nudges: true });
    expect(organiser.push).toMatchObject({ gaps: true, nudges: true });
    const member = (await read(helper)).body.data;
    expect(member.email).toMatchObject({ gaps: false, nudges: true });
    expect(member.push).toMatchObject({ gaps: false, nudges: true });

    // Another switch changed does not freeze the member's gaps at off: it is stored only once chosen.
    await change(helper, { email: { chat: true } });
    const [row] = await world.db.select().from(notificationSettings).where(eq(notificationSettings.userId, helper.id));
    expect((row.settings as { email: Record<string, unknown> }).email).not.toHaveProperty('gaps');
    const chosen = await change(helper, { email: { gaps: true }, push: { nudges: false } });
    expect(chosen.body.data.email).toMatchObject({ gaps: true, chat: true });
    expect(chosen.body.data.push).toMatchObject({ gaps: false, nudges: false });
  });
});

describe('wantsMail', () => {
  it('follows the defaults for someone who never chose', async () => {
    const marie = await world.user('Marie');
    expect(await wantsMail(world.db, marie.id, 'reminders')).toBe(true);
    expect(await wantsMail(world.db, marie.id, 'confirmations')).toBe(true);
    expect(await wantsMail(world.db, marie.id, 'chat')).toBe(false);
  });

  it('honours the e-mail switch of the kind, never the push one', async () => {
    const marie = await world.user('Marie');
    await change(marie, { email: { reminders: false, chat: true }, push: { new_slots: false } });
    expect(await wantsMail(world.db, marie.id, 'reminders')).toBe(false);
    expect(await wantsMail(world.db, marie.id, 'chat')).toBe(true);
    expect(await wantsMail(world.db, marie.id, 'new_slots')).toBe(true);
  });

  it('sends nothing about a muted village, and still about the others', async () => {
    const marie = await world.user('Marie');
    const muted = uuidv7();
    const other = uuidv7();
    await change(marie, { muted_village_ids: [muted] });
    expect(await wantsMail(world.db, marie.id, 'new_slots', muted)).toBe(false);
    expect(await wantsMail(world.db, marie.id, 'new_slots', muted.toUpperCase())).toBe(false);
    expect(await wantsMail(world.db, marie.id, 'new_slots', other)).toBe(true);
    expect(await wantsMail(world.db, marie.id, 'new_slots')).toBe(true);
  });
});
