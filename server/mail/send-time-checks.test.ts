import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { mailJobs, mailSuppressions, notificationSettings, users } from '../db/schema';
import { sharedSecret } from '../events/shared-secret';
import { parseMail } from '../test/parse-mail';
import { type TestUser } from '../test/world';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../test/smtp-world';
import { layout } from './layout';
import { mailTemplate, unsubscribeFooter, type MailTemplate } from './template';
import { readUnsubscribeToken, UNSUBSCRIBE_SECRET } from './unsubscribe-token';

// What the dispatcher checks when it sends, whatever the kind: a template of this file stands for them.
const PUBLIC_URL = MAIL_PUBLIC_URL;

const villageNews = mailTemplate({
  kind: 'new_slots',
  payload: v.object({ village_id: v.string(), first_name: v.string() }),
  render: ({ first_name }, context) =>
    layout('Du nouveau au village', {
      greeting: `Bonjour ${first_name},`,
      paragraphs: ['Un créneau attend quelqu’un.'],
      ...unsubscribeFooter(context, 'Vous recevez ce message car vous êtes membre du village.'),
    }),
});
const essential = mailTemplate({
  payload: v.object({ first_name: v.string() }),
  render: ({ first_name }) => layout('Essentiel', { greeting: `Bonjour ${first_name},`, paragraphs: ['Toujours envoyé.'] }),
});

const { smtp, world, sender } = await createSmtpWorld(
  {},
  { templates: { village_news: villageNews as MailTemplate<unknown>, essential: essential as MailTemplate<unknown> } },
);

const VILLAGE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

async function queue(kind: 'village_news' | 'essential', user: TestUser, to = user.email) {
  const id = uuidv7();
  const payload = kind === 'village_news' ? { village_id: VILLAGE, first_name: user.firstName } : { first_name: user.firstName };
  await world.db
    .insert(mailJobs)
    .values({ id, kind, toAddress: to, userId: user.id, payload, dueAt: world.clock.now(), createdAt: world.clock.now() });
  return id;
}
const job = async (id: string) => (await world.db.select().from(mailJobs).where(eq(mailJobs.id, id)))[0];
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('what the dispatcher checks when it sends a mail its person can turn off', () => {
  it('adds a one-click unsubscribe naming its person and kind, and footer links to it and to the settings', async () => {
    const anne = await world.user('Anne');
    await queue('village_news', anne);
    expect(await sender.runDue()).toBe(1);
    const [received] = receivedBy(anne.email);
    const mail = parseMail(received.raw);
    const header = mail.headers.get('list-unsubscribe')!;
    expect(header).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = header.slice(header.lastIndexOf('/') + 1, -1);
    const secret = await sharedSecret(world.db, UNSUBSCRIBE_SECRET)();
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: anne.id, kind: 'new_slots' });
    // A token altered by one character names nobody.
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(readUnsubscribeToken(secret, altered)).toBeNull();
    expect(mail.text).toContain(`${PUBLIC_URL}/mail/unsubscribe/${token}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/account/notifications`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/mail/unsubscribe/${token}"`);
  });

  it('goes to the address of the moment, not the one it was queued for', async () => {
    const bruno = await world.user('Bruno');
    const id = await queue('village_news', bruno);
    const moved = `bruno.nouveau.${bruno.id.slice(-6)}@exemple.fr`;
    await world.db.update(users).set({ email: moved, emailVerifiedAt: world.clock.now() }).where(eq(users.id, bruno.id));
    expect(await sender.runDue()).toBe(1);
    expect(receivedBy(bruno.email)).toHaveLength(0);
    expect(receivedBy(moved)).toHaveLength(1);
    expect((await job(id)).sentAt).not.toBeNull();
  });

  it('is not sent to an unverified address, while an essential mail is', async () => {
    const chloe = await world.user('Chloé', { verified: false });
    const news = await queue('village_news', chloe);
    const must = await queue('essential', chloe);
    expect(await sender.runDue()).toBe(1);
    const received = receivedBy(chloe.email).map((m) => parseMail(m.raw));
    expect(received.map((m) => m.headers.get('subject'))).toEqual(['Essentiel']);
    expect(received[0].headers.get('list-unsubscribe')).toBeUndefined();
    expect(await job(news)).toMatchObject({ sentAt: null, lastError: 'not sent: address not verified' });
    expect((await job(news)).failedAt).not.toBeNull();
    expect((await job(must)).sentAt).not.toBeNull();
  });

  it('is not sent when its person turned the kind off, or muted the village, after it was queued', async () => {
    const denise = await world.user('Denise');
    const eric = await world.user('Éric');
    const off = await queue('village_news', denise);
    const muted = await queue('village_news', eric);
    await world.db.insert(notificationSettings).values([
      { userId: denise.id, settings: { email: { new_slots: false } } },
      { userId: eric.id, settings: { muted_village_ids: [VILLAGE] } },
    ]);
    expect(await sender.runDue()).toBe(0);
    expect(receivedBy(denise.email)).toHaveLength(0);
    expect(receivedBy(eric.email)).toHaveLength(0);
    expect((await job(off)).lastError).toBe('not sent: turned off by its person (new_slots)');
    expect((await job(muted)).lastError).toBe('not sent: turned off by its person (new_slots)');
  });

  it('is not sent to an address that bounced: the suppression counts for the address of the moment', async () => {
    const fanny = await world.user('Fanny');
    await world.db.insert(mailSuppressions).values({ address: fanny.email, reason: '550 no such user', createdAt: world.clock.now() });
    const id = await queue('village_news', fanny, 'ancienne@exemple.fr');
    expect(await sender.runDue()).toBe(0);
    expect((await job(id)).lastError).toBe('suppressed: 550 no such user');
  });

  it('is dropped when its person deleted their account', async () => {
    const gilles = await world.user('Gilles');
    const id = await queue('village_news', gilles);
    await world.db.delete(users).where(eq(users.id, gilles.id));
    expect(await sender.runDue()).toBe(0);
    expect(receivedBy(gilles.email)).toHaveLength(0);
    expect((await job(id)).lastError).toBe('not sent: no account behind this mail any more');
  });
});
