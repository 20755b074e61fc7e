import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { alreadyVerified, verificationLinkInvalid, verificationMailTooSoon } from '../../src/contract/email-verification';
import { emailVerifications, mailJobs, mailSuppressions } from '../db/schema';
import { defaultRateLimits } from '../http/rate-limit';
import { createSmtpMailer } from '../mail/mailer';
import { parseMail } from '../test/parse-mail';
import { startSmtpServer } from '../test/smtp-server';
import { createWorld, type World } from '../test/world';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

const PUBLIC_URL = 'https://village.example';
// Many sign-ups from the one in-process address: its register limit is not what this file tests.
const world: World = await createWorld({
  publicUrl: PUBLIC_URL,
  mail: createSmtpMailer(smtp.url),
  rateLimits: { ...defaultRateLimits, registerPerAddress: { max: 1000, windowMs: 3600_000 } },
});
// A world of its own for the limit of the link check, counted per app.
const limited: World = await createWorld();

const DAY = 24 * 3600 * 1000;
const LINK = /https:\/\/village\.example\/auth\/verify-email\/([A-Za-z0-9_-]{32,})/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const me = (token: string) => world.request('GET', '/v1/users/me', { token });
const verify = (token: string) => world.request('POST', '/v1/auth/verify-email', { json: { token } });
const resend = (token: string) => world.request('POST', '/v1/users/me/email_verification', { token });

let counter = 0;
async function register(firstName = 'Camille') {
  counter += 1;
  const email = `${firstName.toLowerCase()}.${counter}@exemple.fr`;
  const res = await world.request('POST', '/v1/auth/register', {
    json: { email, password: 'un mot de passe solide', first_name: firstName, last_name: 'Durand' },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.user.id as string, email, token: res.body.data.token as string };
}

/** Sends the queue through the real SMTP server; answers the mails that reached this address, parsed. */
async function mailsTo(address: string) {
  await world.deliverMail();
  return smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
}

/** The token of the last verification link that reached this address. */
async function lastLink(address: string) {
  const mails = (await mailsTo(address)).filter((m) => m.headers.get('subject') === 'Vérifiez votre adresse e-mail');
  const match = mails.at(-1)?.text?.match(LINK);
  expect(match, `a verification link mailed to ${address}`).toBeTruthy();
  return match![1];
}

describe('the verification mail', () => {
  it('is queued with the account and mailed to its address: a 7-day link stored hashed, essential (no unsubscribe)', async () => {
    const camille = await register('Camille');
    expect((await me(camille.token)).body.data.email_verified_at).toBeNull();

    const mails = await mailsTo(camille.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.get('subject')).toBe('Vérifiez votre adresse e-mail');
    expect(mail.headers.get('to')).toBe(camille.email);
    expect(mail.headers.get('from')).toBe('Village <no-reply@localhost>');
    expect(mail.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@village\.example>$/);
    expect(mail.headers.has('date')).toBe(true);
    // Verification must reach its address whatever the settings: nothing to unsubscribe from.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain(`Votre compte a été créé avec l'adresse ${camille.email}.`);
    expect(mail.text).toContain('valable 7 jours, une seule fois');
    const token = mail.text!.match(LINK)![1];
    expect(mail.html).toContain(`href="${PUBLIC_URL}/auth/verify-email/${token}"`);
    expect(mail.html).toContain('Vérifier mon adresse');
    expect(mail.html).not.toMatch(/<img/i);

    const rows = await world.db.select().from(emailVerifications).where(eq(emailVerifications.userId, camille.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: sha256(token), email: camille.email, usedAt: null });
    expect(rows[0].expiresAt.getTime() - world.clock.now().getTime()).toBe(7 * DAY);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is not sent when the account is refused (address taken): no link, no mail', async () => {
    const taken = await register('Taken');
    const jobsBefore = (await world.db.select().from(mailJobs)).length;
    const again = await world.request('POST', '/v1/auth/register', {
      json: { email: taken.email, password: 'un autre mot de passe', first_name: 'Autre', last_name: 'Personne' },
    });
    expect(again.status).toBe(422);
    expect(await world.db.select().from(mailJobs)).toHaveLength(jobsBefore);
    expect(await world.db.select().from(emailVerifications).where(eq(emailVerifications.email, taken.email))).toHaveLength(1);
  });
});

describe('POST /v1/auth/verify-email', () => {
  it('verifies the address once (204, email_verified_at set), then the link answers 410 in French', async () => {
    const lea = await register('Lea');
    const token = await lastLink(lea.email);
    world.clock.advance(3 * DAY);

    const res = await verify(token);
    expect(res.status).toBe(204);
    expect((await me(lea.token)).body.data.email_verified_at).toBe(world.clock.now().toISOString());
    const [row] = await world.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, sha256(token)));
    expect(row.usedAt).toEqual(world.clock.now());

    const verifiedAt = world.clock.now().toISOString();
    world.clock.advance(60_000);
    const again = await verify(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: verificationLinkInvalid, http_code: 410 });
    expect((await me(lea.token)).body.data.email_verified_at).toBe(verifiedAt);
  });

  it('works signed out and signed in alike (the link may be opened on another device)', async () => {
    const max = await register('Max');
    const token = await lastLink(max.email);
    const res = await world.request('POST', '/v1/auth/verify-email', { token: max.token, json: { token } });
    expect(res.status).toBe(204);
    expect((await me(max.token)).body.data.email_verified_at).not.toBeNull();
  });

  it('answers 410 for a link past its 7 days, and for an unknown token; the address stays unverified', async () => {
    const noe = await register('Noe');
    const token = await lastLink(noe.email);
    world.clock.advance(7 * DAY);
    const expired = await verify(token);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(verificationLinkInvalid);
    expect((await verify('pas-un-vrai-jeton')).status).toBe(410);
    expect((await me(noe.token)).body.data.email_verified_at).toBeNull();
  });

  it('answers 422 without a token', async () => {
    const res = await world.request('POST', '/v1/auth/verify-email', { json: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'token', message: 'Ce champ est requis' }]);
  });

  it('verifies once when the link is opened twice at the same time', async () => {
    const ana = await register('Ana');
    const token = await lastLink(ana.email);
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 410]);
  });

  it('lifts a suppression of the address: mail reaches it again', async () => {
    const ugo = await register('Ugo');
    const token = await lastLink(ugo.email);
    await world.db.insert(mailSuppressions).values({ address: ugo.email, reason: '550 Boîte pleine', createdAt: world.clock.now() });
    expect((await verify(token)).status).toBe(204);
    expect(await world.db.select().from(mailSuppressions).where(eq(mailSuppressions.address, ugo.email))).toHaveLength(0);
    expect((await world.request('POST', '/v1/auth/reset-password', { json: { email: ugo.email } })).status).toBe(204);
    const mails = await mailsTo(ugo.email);
    expect(mails.at(-1)!.headers.get('subject')).toBe('Réinitialisation de votre mot de passe');
  });
});

describe('changing one’s address', () => {
  it('makes it unverified, mails a link to the new address, and the old address’s link no longer verifies', async () => {
    const zoe = await register('Zoe');
    const oldToken = await lastLink(zoe.email);
    const newEmail = `zoe.nouvelle.${counter}@exemple.fr`;
    await world.db.insert(mailSuppressions).values({ address: newEmail, reason: '550 Inconnue', createdAt: world.clock.now() });

    const res = await world.request('PUT', `/v1/users/${zoe.id}`, { token: zoe.token, json: { email: newEmail.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: newEmail, email_verified_at: null });
    // A changed address gets a fresh chance.
    expect(await world.db.select().from(mailSuppressions).where(eq(mailSuppressions.address, newEmail))).toHaveLength(0);

    const mails = (await mailsTo(newEmail)).filter((m) => m.headers.get('subject') === 'Vérifiez votre adresse e-mail');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Vous avez choisi l'adresse ${newEmail} pour votre compte Village.`);
    const newToken = mails[0].text!.match(LINK)![1];
    // The former address is told, with the way back if it was not its owner.
    const told = (await mailsTo(zoe.email)).filter((m) => m.headers.get('subject') === 'L’adresse de votre compte a changé');
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`remplacée par ${newEmail}`);
    expect(told[0].text).toContain(`${PUBLIC_URL}/auth/reset-password\n`);
    expect(told[0].headers.get('list-unsubscribe')).toBeUndefined();

    // The link mailed to the former address proves nothing about the new one.
    expect((await verify(oldToken)).status).toBe(410);
    expect((await me(zoe.token)).body.data.email_verified_at).toBeNull();
    expect((await verify(newToken)).status).toBe(204);
    expect((await me(zoe.token)).body.data.email_verified_at).not.toBeNull();
  });

  it('of a verified account: unverified until the new link is opened; the password reset still reaches it meanwhile', async () => {
    const paul = await world.user('Paul');
    expect((await me(paul.token)).body.data.email_verified_at).not.toBeNull();
    const newEmail = `paul.ailleurs.${counter}@exemple.fr`;
    const res = await world.request('PUT', `/v1/users/${paul.id}`, { token: paul.token, json: { email: newEmail } });
    expect(res.body.data.email_verified_at).toBeNull();
    expect((await me(paul.token)).body.data.email_verified_at).toBeNull();

    expect((await world.request('POST', '/v1/auth/reset-password', { json: { email: newEmail } })).status).toBe(204);
    // Both due at once: the order they leave in is not the point.
    const subjects = (await mailsTo(newEmail)).map((m) => m.headers.get('subject')).sort();
    expect(subjects).toEqual(['Réinitialisation de votre mot de passe', 'Vérifiez votre adresse e-mail']);
  });

  it('sends nothing and keeps the verification when the address is the same or only other fields change', async () => {
    const rose = await world.user('Rose');
    const jobsBefore = (await world.db.select().from(mailJobs)).length;
    const same = await world.request('PUT', `/v1/users/${rose.id}`, {
      token: rose.token,
      json: { email: rose.email.toUpperCase(), first_name: 'Rosa' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.email_verified_at).not.toBeNull();
    expect(await world.db.select().from(mailJobs)).toHaveLength(jobsBefore);
  });
});

describe('POST /v1/users/me/email_verification', () => {
  it('mails a new link (204) at most once a minute, then five an hour, with Retry-After; both links work', async () => {
    const ines = await register('Ines');
    const first = await lastLink(ines.email);

    // The sign-up's link counts: a minute must pass.
    const tooSoon = await resend(ines.token);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({ message: verificationMailTooSoon, http_code: 429 });
    expect(Number(tooSoon.headers.get('Retry-After'))).toBe(60);

    world.clock.advance(45_000);
    expect(Number((await resend(ines.token)).headers.get('Retry-After'))).toBe(15);

    world.clock.advance(15_000);
    expect((await resend(ines.token)).status).toBe(204);
    const mails = (await mailsTo(ines.email)).filter((m) => m.headers.get('subject') === 'Vérifiez votre adresse e-mail');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(`Voici le lien que vous avez demandé pour vérifier l'adresse ${ines.email}`);
    const second = mails[1].text!.match(LINK)![1];
    expect(second).not.toBe(first);

    // Three more, a minute apart: five links in the hour (sign-up's included), then the hour must turn.
    for (let i = 0; i < 3; i += 1) {
      world.clock.advance(60_000);
      expect((await resend(ines.token)).status).toBe(204);
    }
    world.clock.advance(60_000);
    const full = await resend(ines.token);
    expect(full.status).toBe(429);
    // The oldest of the five (sign-up's, 5 minutes ago) leaves the hour in 55 minutes.
    expect(Number(full.headers.get('Retry-After'))).toBe(55 * 60);
    world.clock.advance(55 * 60_000);
    expect((await resend(ines.token)).status).toBe(204);

    // Any unexpired link works; then the others are of no use.
    expect((await verify(first)).status).toBe(204);
    expect((await verify(second)).status).toBe(204);
    expect((await me(ines.token)).body.data.email_verified_at).not.toBeNull();
  });

  it('answers 409 in French when the address is already verified, and mails nothing', async () => {
    const olga = await world.user('Olga');
    const jobsBefore = (await world.db.select().from(mailJobs)).length;
    const res = await resend(olga.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: alreadyVerified, http_code: 409 });
    expect(await world.db.select().from(mailJobs)).toHaveLength(jobsBefore);
  });

  it('answers 401 without a session', async () => {
    expect((await world.request('POST', '/v1/users/me/email_verification')).status).toBe(401);
  });
});

describe('rate limit of the link check', () => {
  it('counts the tries per address: the 31st in 15 minutes answers 429 with Retry-After', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await limited.request('POST', '/v1/auth/verify-email', { json: { token: `faux-${i}` } })).status).toBe(410);
    const over = await limited.request('POST', '/v1/auth/verify-email', { json: { token: 'faux' } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    limited.clock.advance(15 * 60_000 + 1000);
    expect((await limited.request('POST', '/v1/auth/verify-email', { json: { token: 'faux' } })).status).toBe(410);
  });
});
