import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mailJobs, mailSuppressions } from '../db/schema';
import { parseMail } from '../test/parse-mail';
import { startSmtpServer } from '../test/smtp-server';
import { createWorld, type TestUser } from '../test/world';
import { createMailDispatcher } from './dispatcher';
import { createSmtpMailer } from './mailer';
import { queueMail } from './queue';
import { MAIL_GIVE_UP_MS, MAIL_RETRY } from './send-failure';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

const FROM = 'Les voisins <bonjour@village.example>';
const world = await createWorld({ publicUrl: 'https://village.example' });
const dispatcher = () =>
  createMailDispatcher({
    db: world.db,
    mailer: createSmtpMailer(smtp.url),
    clock: world.clock,
    logger: pino({ level: 'silent' }),
    publicUrl: 'https://village.example',
    from: FROM,
  });
const sender = dispatcher();

const queueReset = (user: TestUser, to = user.email) =>
  world.db.transaction((tx) =>
    queueMail(tx, {
      kind: 'password_reset',
      to,
      userId: user.id,
      payload: { first_name: user.firstName, link: 'https://village.example/auth/reset-password/abc' },
      now: world.clock.now(),
    }),
  );
const jobsTo = (address: string) => world.db.select().from(mailJobs).where(eq(mailJobs.toAddress, address));
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

beforeEach(() => {
  smtp.setBusy(false);
});

describe('the mail queue', () => {
  it('sends a mail queued by a write once, with Message-ID, Date, From, a text part and an HTML part', async () => {
    const anne = await world.user('Anne');
    const res = await world.request('POST', '/v1/auth/reset-password', { json: { email: anne.email } });
    expect(res.status).toBe(204);
    expect(receivedBy(anne.email)).toHaveLength(0);

    expect(await sender.runDue()).toBe(1);
    expect(await sender.runDue()).toBe(0);
    const received = receivedBy(anne.email);
    expect(received).toHaveLength(1);
    const [job] = await jobsTo(anne.email);
    expect(job).toMatchObject({ kind: 'password_reset', userId: anne.id, attempts: 1, failedAt: null, payload: {} });
    expect(job.sentAt).toEqual(world.clock.now());

    const mail = parseMail(received[0].raw);
    expect(mail.headers.get('message-id')).toBe(`<${job.id}@village.example>`);
    expect(new Date(mail.headers.get('date')!)).toEqual(world.clock.now());
    expect(mail.headers.get('from')).toBe('Les voisins <bonjour@village.example>');
    expect(mail.headers.get('subject')).toBe('Réinitialisation de votre mot de passe');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain('Bonjour Anne,');
    expect(mail.text).toMatch(/https:\/\/village\.example\/auth\/reset-password\/[A-Za-z0-9_-]{32,}\n/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Bonjour Anne,');
    expect(mail.html).toMatch(/href="https:\/\/village\.example\/auth\/reset-password\/[A-Za-z0-9_-]{32,}"/);
    expect(mail.html).not.toMatch(/<img/i);
  });

  it('keeps a mail while the SMTP server answers 421 or is down, and sends it once when it is back', async () => {
    const bruno = await world.user('Bruno');
    await queueReset(bruno);

    smtp.setBusy(true);
    expect(await sender.runDue()).toBe(0);
    let [job] = await jobsTo(bruno.email);
    expect(job).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(job.lastError).toMatch(/421/);
    // The first retry waits between half and all of 30 s.
    const firstWait = job.claimedUntil!.getTime() - world.clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(MAIL_RETRY.baseMs / 2);
    expect(firstWait).toBeLessThanOrEqual(MAIL_RETRY.baseMs);
    // Not before its time, even with the server back.
    smtp.setBusy(false);
    world.clock.advance(firstWait - 1000);
    expect(await sender.runDue()).toBe(0);

    await smtp.stop();
    world.clock.advance(1000);
    expect(await sender.runDue()).toBe(0);
    [job] = await jobsTo(bruno.email);
    expect(job).toMatchObject({ attempts: 2, sentAt: null, failedAt: null });
    expect(job.lastError).toMatch(/ECONNREFUSED/);
    const secondWait = job.claimedUntil!.getTime() - world.clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(MAIL_RETRY.baseMs);
    expect(secondWait).toBeLessThanOrEqual(2 * MAIL_RETRY.baseMs);

    await smtp.restart();
    world.clock.advance(secondWait);
    expect(await sender.runDue()).toBe(1);
    const sentAt = world.clock.now();
    world.clock.advance(3600 * 1000);
    expect(await sender.runDue()).toBe(0);
    expect(receivedBy(bruno.email)).toHaveLength(1);
    [job] = await jobsTo(bruno.email);
    expect(job).toMatchObject({ attempts: 3, failedAt: null, lastError: null });
    expect(job.sentAt).toEqual(sentAt);
  });

  it('gives a mail up after a day of failures, the last error recorded', async () => {
    const carla = await world.user('Carla');
    await queueReset(carla);
    smtp.setBusy(true);
    expect(await sender.runDue()).toBe(0);
    // Waits grow to an hour at most: after a day, tries are still hourly.
    for (let hour = 0; hour < 24; hour++) {
      world.clock.advance(3600 * 1000);
      await sender.runDue();
      const [job] = await jobsTo(carla.email);
      if (job.failedAt) break;
      expect(job.claimedUntil!.getTime() - world.clock.now().getTime()).toBeLessThanOrEqual(MAIL_RETRY.maxMs);
    }
    const [job] = await jobsTo(carla.email);
    expect(job.failedAt).not.toBeNull();
    expect(job.failedAt!.getTime() - job.dueAt.getTime()).toBeGreaterThanOrEqual(MAIL_GIVE_UP_MS);
    expect(job.lastError).toMatch(/421/);
    expect(job.payload).toEqual({});
    smtp.setBusy(false);
    world.clock.advance(3600 * 1000);
    expect(await sender.runDue()).toBe(0);
    expect(receivedBy(carla.email)).toHaveLength(0);
  });

  it('takes a 550 answer as a hard bounce: the address is suppressed and the next mail to it is not sent', async () => {
    const denis = await world.user('Denis');
    const elise = await world.user('Elise');
    smtp.refuse(denis.email);
    await queueReset(denis);
    await queueReset(elise);
    expect(await sender.runDue()).toBe(1);
    const [bounced] = await jobsTo(denis.email);
    expect(bounced.failedAt).toEqual(world.clock.now());
    expect(bounced.lastError).toMatch(/550/);
    const [suppressed] = await world.db.select().from(mailSuppressions).where(eq(mailSuppressions.address, denis.email));
    expect(suppressed.reason).toMatch(/550/);

    // Whatever case the address is written in.
    await queueReset(denis, denis.email.toUpperCase());
    expect(await sender.runDue()).toBe(0);
    const [next] = await jobsTo(denis.email.toUpperCase());
    expect(next.failedAt).not.toBeNull();
    expect(next.lastError).toMatch(/^suppressed: /);
    expect(receivedBy(denis.email)).toHaveLength(0);
    expect(receivedBy(elise.email)).toHaveLength(1);
  });

  it('forgets the mails sent or given up a month ago, keeps those to send', async () => {
    const fanny = await world.user('Fanny');
    const gael = await world.user('Gael');
    await queueReset(fanny);
    expect(await sender.runDue()).toBe(1);
    world.clock.advance(30 * 24 * 3600 * 1000 - 1000);
    await queueReset(gael, 'gael@village.example');
    smtp.setBusy(true);
    await sender.runDue();
    await sender.pruneFinished();
    expect(await jobsTo(fanny.email)).toHaveLength(1);
    world.clock.advance(2000);
    expect(await sender.pruneFinished()).toBeGreaterThanOrEqual(1);
    expect(await jobsTo(fanny.email)).toHaveLength(0);
    expect(await jobsTo('gael@village.example')).toHaveLength(1);
  });

  it('sends each mail once with two dispatchers on one database', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => world.user(`Voisin${i}`)));
    for (const user of users) await queueReset(user);
    const before = smtp.received.length;
    const [a, b] = [dispatcher(), dispatcher()];
    const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(counts[0] + counts[1]).toBe(30);
    // Both took a share: the claims ran side by side, neither waited for the other's rows.
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => parseMail(m.raw).headers.get('message-id'))).size).toBe(30);
    expect(new Set(mails.map((m) => m.to[0]))).toEqual(new Set(users.map((u) => u.email)));
  });
});
