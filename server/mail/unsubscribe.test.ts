import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationKind } from '../../src/contract/notification-settings';
import { users } from '../db/schema';
import { sharedSecret } from '../events/shared-secret';
import { parseMail } from '../test/parse-mail';
import { addScheduledNeed, take } from '../test/schedules';
import { createWorld, type TestUser } from '../test/world';
import { UNSUBSCRIBE_LINK_INVALID } from './unsubscribe-routes';
import { UNSUBSCRIBE_SECRET, unsubscribeToken } from './unsubscribe-token';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../test/smtp-world';

/** The defaults of someone who organises no village: the urgent slots' alert (`gaps`) off until chosen. */
const MEMBER_DEFAULTS = defaultNotificationSettings(false);

const PUBLIC_URL = MAIL_PUBLIC_URL;
const { smtp, world, sender } = await createSmtpWorld();

const tokenFor = async (user: { id: string }, kind: NotificationKind) =>
  unsubscribeToken(await sharedSecret(world.db, UNSUBSCRIBE_SECRET)(), user.id, kind);

/** What a mail client does on a one-click unsubscribe (RFC 8058): a form POST, no session, no cookie. */
const oneClick = (path: string, on = world) =>
  on.request('POST', path, {
    body: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const settingsOf = async (user: TestUser) => {
  const res = await world.request('GET', '/v1/users/me/notification_settings', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('the one-click unsubscribe', () => {
  it('turns that kind of mail off for its person, from a mail client’s form POST with no session, and again changes nothing', async () => {
    const anne = await world.user('Anne');
    const bruno = await world.user('Bruno');
    const path = `/v1/mail/unsubscribe/${await tokenFor(anne, 'reminders')}`;

    const res = await oneClick(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { kind: 'reminders' } });
    expect(await settingsOf(anne)).toEqual({
      ...MEMBER_DEFAULTS,
      email: { ...MEMBER_DEFAULTS.email, reminders: false },
    });
    // Only that person, only that kind, only by e-mail.
    expect(await settingsOf(bruno)).toEqual(MEMBER_DEFAULTS);

    const again = await oneClick(path);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ data: { kind: 'reminders' } });
    expect((await settingsOf(anne)).email.reminders).toBe(false);
  });

  it('takes the app page’s empty POST too, and keeps every other choice the person made', async () => {
    const claire = await world.user('Claire');
    const mutedVillage = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const chosen = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: claire.token,
      json: { email: { chat: true }, push: { new_slots: false }, muted_village_ids: [mutedVillage] },
    });
    expect(chosen.status).toBe(200);

    const res = await world.request('POST', `/v1/mail/unsubscribe/${await tokenFor(claire, 'new_slots')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { kind: 'new_slots' } });
    expect(await settingsOf(claire)).toEqual({
      email: { ...MEMBER_DEFAULTS.email, chat: true, new_slots: false },
      push: { ...MEMBER_DEFAULTS.push, new_slots: false },
      muted_village_ids: [mutedVillage],
    });
  });

  it('answers 404 in French to a token it did not sign, changing nothing', async () => {
    const denis = await world.user('Denis');
    const good = await tokenFor(denis, 'confirmations');
    // Same shape, another key's signature: what a forger can make.
    const forged = unsubscribeToken(randomBytes(32), denis.id, 'confirmations');
    const flipped = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    for (const token of ['garbage', forged, flipped, good.slice(0, -1), 'a'.repeat(150), '%E2%9C%93']) {
      const res = await oneClick(`/v1/mail/unsubscribe/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual({ message: UNSUBSCRIBE_LINK_INVALID, http_code: 404 });
    }
    expect(await settingsOf(denis)).toEqual(MEMBER_DEFAULTS);
  });

  it('answers 404 once the account is deleted', async () => {
    const emma = await world.user('Emma');
    const token = await tokenFor(emma, 'chat');
    expect((await world.request('DELETE', `/v1/users/${emma.id}`, { token: emma.token })).status).toBe(204);
    expect(await world.db.select().from(users).where(eq(users.id, emma.id))).toEqual([]);

    const res = await oneClick(`/v1/mail/unsubscribe/${token}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(UNSUBSCRIBE_LINK_INVALID);
  });

  it('is counted per address like sign-in: past the limit, 429 with Retry-After', async () => {
    const strict = await createWorld({ rateLimits: { loginPerAddress: { max: 3, windowMs: 60_000 } } });
    const fanny = await strict.user('Fanny');
    const token = unsubscribeToken(await sharedSecret(strict.db, UNSUBSCRIBE_SECRET)(), fanny.id, 'chat');
    for (let i = 0; i < 3; i += 1) expect((await oneClick(`/v1/mail/unsubscribe/${token}`, strict)).status).toBe(200);
    const refused = await oneClick(`/v1/mail/unsubscribe/${token}`, strict);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    strict.clock.advance(60_000);
    expect((await oneClick(`/v1/mail/unsubscribe/${token}`, strict)).status).toBe(200);
  });

  it('works from a real mail: its List-Unsubscribe link POSTed, the next mail of that kind is not sent', async () => {
    world.clock.set(new Date('2026-11-20T09:00:00Z'));
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village, null, { name: 'Dîner chez Jeanne' });
    const propose = (start: string) => take(world, helper, helperVillager, { villageId: village.id, needId }, start);
    const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

    expect((await propose('2026-11-26T18:00:00.000Z')).status).toBe(201);
    await sender.runDue();
    const [mail] = receivedBy(helper.email);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = mail.headers.get('list-unsubscribe')!.match(/^<(.+)>$/)![1];
    expect(link.startsWith(`${PUBLIC_URL}/v1/mail/unsubscribe/`)).toBe(true);
    // The footer's page link carries the same token, for a reader who clicks instead.
    const token = link.split('/').at(-1)!;
    expect(mail.text).toContain(`${PUBLIC_URL}/mail/unsubscribe/${token}`);

    const res = await oneClick(new URL(link).pathname);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { kind: 'confirmations' } });

    expect((await propose('2026-11-27T18:00:00.000Z')).status).toBe(201);
    await sender.runDue();
    expect(receivedBy(helper.email)).toHaveLength(1);
    // Only confirmations: the helper's reminders and digests still come.
    expect((await settingsOf(helper)).email).toEqual({ ...MEMBER_DEFAULTS.email, confirmations: false });
  });
});
