import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, resetTokens, sessions, users } from '../db/schema';
import { newToken } from './tokens';
import { createWorld, TEST_PASSWORD, type TestUser, type World } from '../test/world';
import { PASSWORD_COST } from './passwords';

// Created at collection time (not in beforeAll) so that the world's own afterAll, which closes the
// database, is registered on this file.
// The server's own scrypt cost, which the test world otherwise lowers: the hash checked below is the real one.
const world: World = await createWorld({ passwordCost: PASSWORD_COST });

const EXPIRED = 'Votre session a expiré, veuillez vous reconnecter.';
const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';
const BAD_RESET_TOKEN = "Ce lien de réinitialisation n'est plus valide. Veuillez en demander un nouveau.";
const TOO_MANY = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const me = (token: string) => world.request('GET', '/v1/users/me', { token });

/** Another signed-in session for an existing user, written straight to the database. */
async function extraSession(userId: string): Promise<string> {
  const { token, hash } = newToken();
  await world.db.insert(sessions).values({ tokenHash: hash, userId, lastUsedAt: world.clock.now() });
  return token;
}

/** Asks for a reset link for that user and answers the raw token read from the mail. */
async function resetTokenFor(user: TestUser): Promise<string> {
  const before = world.mail.sent.length;
  const res = await world.request('POST', '/v1/auth/reset-password', { json: { email: user.email } });
  await world.deliverMail();
  expect(res.status).toBe(204);
  expect(world.mail.sent).toHaveLength(before + 1);
  const match = world.mail.sent.at(-1)!.text.match(/http:\/\/localhost:3333\/auth\/reset-password\/(\S+)/);
  expect(match).not.toBeNull();
  return match![1];
}

describe('register', () => {
  it('answers 201 with a token and the user, e-mail lowercased, password stored as an OWASP scrypt hash', async () => {
    const res = await world.request('POST', '/v1/auth/register', {
      json: { email: '  Camille.Durand@Exemple.FR ', password: 'un mot de passe solide', first_name: 'Camille', last_name: 'Durand' },
    });
    expect(res.status).toBe(201);
    const { token, user } = res.body.data;
    expect(typeof token).toBe('string');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'camille.durand@exemple.fr',
      first_name: 'Camille',
      last_name: 'Durand',
      phone: null,
      photo: null,
      analytics_consent: null,
      // Unverified until the link mailed at sign-up is opened (server/auth/verify-email.test.ts).
      email_verified_at: null,
      has_password: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|scrypt/i);

    // The token is a working session.
    const mine = await me(token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(user.id);

    // scrypt at OWASP's parameters (N=2^17, r=8, p=1), and really the hash of that password.
    const [row] = await world.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toContain('un mot de passe solide');
    const [scheme, n, r, p, salt, hash] = row.passwordHash!.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
    const expected = Buffer.from(hash, 'base64');
    expect(expected.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(salt, 'base64').length).toBeGreaterThanOrEqual(16);
    const recomputed = scryptSync('un mot de passe solide', Buffer.from(salt, 'base64'), expected.length, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    expect(timingSafeEqual(recomputed, expected)).toBe(true);

    // The session is stored hashed: the raw token appears nowhere in the table.
    const rows = await world.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(await world.db.select().from(sessions))).not.toContain(token);
  });

  it('refuses an e-mail already taken (whatever its case) with 422 on the email field', async () => {
    const taken = await world.user('Pris');
    const res = await world.request('POST', '/v1/auth/register', {
      json: { email: taken.email.toUpperCase(), password: 'encore un mot de passe', first_name: 'Autre', last_name: 'Personne' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ http_code: 422, errors: [{ field: 'email', message: 'Un compte existe déjà avec cet email' }] });
    expect(await world.db.select().from(users).where(eq(users.email, taken.email))).toHaveLength(1);
  });

  it('validates its fields with the spec French messages', async () => {
    const res = await world.request('POST', '/v1/auth/register', {
      json: { email: 'pas-un-email', password: 'court', first_name: '', last_name: 'Nom' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: "L'email n'est pas valide" },
        { field: 'password', message: 'Ce champ doit contenir au moins 8 caractères' },
        { field: 'first_name', message: 'Ce champ est requis' },
      ]),
    );
  });
});

describe('login and logout', () => {
  it('signs in with the right password (e-mail in any case); the token works on /users/me', async () => {
    const lea = await world.user('Lea');
    const res = await world.request('POST', '/v1/auth/login', { json: { email: lea.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: lea.id, email: lea.email, first_name: 'Lea' });
    expect(res.body.data.user).not.toHaveProperty('password_hash');
    expect(res.body.data.token).not.toBe(lea.token);
    const mine = await me(res.body.data.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(lea.id);
  });

  it('answers 400 (never 401) with a French message for a wrong password and for an unknown e-mail', async () => {
    const paul = await world.user('Paul');
    const wrong = await world.request('POST', '/v1/auth/login', { json: { email: paul.email, password: 'pas le bon mot de passe' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: WRONG_CREDENTIALS, http_code: 400 });
    const unknown = await world.request('POST', '/v1/auth/login', { json: { email: 'personne@exemple.fr', password: TEST_PASSWORD } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: WRONG_CREDENTIALS, http_code: 400 });
    // No session was opened by either.
    expect(await world.db.select().from(sessions).where(eq(sessions.userId, paul.id))).toHaveLength(1);
  });

  it('logout revokes that token only; the revoked token then answers 401 in French', async () => {
    const zoe = await world.user('Zoe');
    const other = await extraSession(zoe.id);
    const out = await world.request('POST', '/v1/auth/logout', { token: zoe.token });
    expect(out.status).toBe(204);
    const after = await me(zoe.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: EXPIRED, http_code: 401 });
    expect((await me(other)).status).toBe(200);
    expect(
      await world.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(zoe.token))),
    ).toHaveLength(0);
  });

  it('logout without a session answers 401; an unknown bearer token answers 401', async () => {
    expect((await world.request('POST', '/v1/auth/logout')).status).toBe(401);
    const res = await me('un-jeton-inconnu');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPIRED);
  });
});

describe('sessions', () => {
  it('expire after 30 idle days', async () => {
    const idle = await world.user('Dormeur');
    world.clock.advance(30 * DAY - 60_000);
    const stillThere = await world.user('Temoin');
    world.clock.advance(2 * 60_000);
    const res = await me(idle.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPIRED);
    // Expired means gone: it does not come back.
    expect(await world.db.select().from(sessions).where(eq(sessions.userId, idle.id))).toHaveLength(0);
    expect((await me(stillThere.token)).status).toBe(200);
  });

  it('a session used within 30 days keeps working well past 30 days after it was opened', async () => {
    const active = await world.user('Actif');
    for (let i = 0; i < 3; i++) {
      world.clock.advance(29 * DAY);
      expect((await me(active.token)).status).toBe(200);
    }
    // 87 days after sign-in, still valid; then 30 idle days more end it.
    world.clock.advance(30 * DAY + HOUR + 60_000);
    expect((await me(active.token)).status).toBe(401);
  });
});

describe('password reset', () => {
  it('always answers 204; mails a French message with the link only for a known account', async () => {
    const anne = await world.user('Anne');
    // The verification mails of the accounts registered above go first: they are not what this counts.
    await world.deliverMail();
    const before = world.mail.sent.length;
    const unknown = await world.request('POST', '/v1/auth/reset-password', { json: { email: 'inconnu@exemple.fr' } });
    await world.deliverMail();
    expect(unknown.status).toBe(204);
    expect(unknown.body).toBeNull();
    expect(world.mail.sent).toHaveLength(before);

    const known = await world.request('POST', '/v1/auth/reset-password', { json: { email: anne.email.toUpperCase() } });
    await world.deliverMail();
    expect(known.status).toBe(204);
    expect(known.body).toBeNull();
    expect(world.mail.sent).toHaveLength(before + 1);
    const mail = world.mail.sent.at(-1)!;
    expect(mail.to).toBe(anne.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.text).toContain('Bonjour Anne,');
    expect(mail.text).toMatch(/mot de passe/);
    expect(mail.text).toMatch(/http:\/\/localhost:3333\/auth\/reset-password\/[A-Za-z0-9_-]{32,}(\s|$)/);
  });

  it('stores the reset token hashed, never raw', async () => {
    const bob = await world.user('Bob');
    const token = await resetTokenFor(bob);
    const rows = await world.db.select().from(resetTokens).where(eq(resetTokens.userId, bob.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].tokenHash).not.toBe(token);
    expect(JSON.stringify(await world.db.select().from(resetTokens))).not.toContain(token);
    // Nor does the sent mail's row: its payload is emptied once sent.
    expect(JSON.stringify(await world.db.select().from(mailJobs))).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - world.clock.now().getTime()).toBe(HOUR);
  });

  it('check-reset-password-token: 204 for a live token, 400 in French for a random one', async () => {
    const chloe = await world.user('Chloe');
    const token = await resetTokenFor(chloe);
    const ok = await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token } });
    expect(ok.status).toBe(204);
    const bad = await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token: newToken().token } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: BAD_RESET_TOKEN, http_code: 400 });
    const missing = await world.request('POST', '/v1/auth/check-reset-password-token', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'token', message: 'Ce champ est requis' }]);
  });

  it('change-password refuses a confirmation that does not match (422) and changes nothing', async () => {
    const dan = await world.user('Dan');
    const token = await resetTokenFor(dan);
    const res = await world.request('PUT', '/v1/auth/change-password', {
      json: { token, new_password: 'nouveau-mot-de-passe', new_password_confirmation: 'autre-mot-de-passe' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'new_password_confirmation', message: 'Les mots de passe ne correspondent pas' }]);
    // The token was not spent and the session still works.
    expect((await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token } })).status).toBe(204);
    expect((await me(dan.token)).status).toBe(200);
  });

  it('change-password sets the new password, single use, and revokes the other sessions of that user', async () => {
    const eve = await world.user('Eve');
    const bystander = await world.user('Temoin');
    const caller = await extraSession(eve.id);
    const token = await resetTokenFor(eve);
    const res = await world.request('PUT', '/v1/auth/change-password', {
      token: caller,
      json: { token, new_password: 'nouveau-mot-de-passe', new_password_confirmation: 'nouveau-mot-de-passe' },
    });
    expect(res.status).toBe(204);

    // Other sessions of Eve are revoked; the session that made the change stays; other users are untouched.
    expect((await me(eve.token)).status).toBe(401);
    expect((await me(caller)).status).toBe(200);
    expect((await me(bystander.token)).status).toBe(200);

    // Single use.
    const again = await world.request('PUT', '/v1/auth/change-password', {
      json: { token, new_password: 'encore-un-autre', new_password_confirmation: 'encore-un-autre' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BAD_RESET_TOKEN);
    expect((await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token } })).status).toBe(400);

    // The old password no longer opens a session, the new one does.
    const old = await world.request('POST', '/v1/auth/login', { json: { email: eve.email, password: TEST_PASSWORD } });
    expect(old.status).toBe(400);
    const fresh = await world.request('POST', '/v1/auth/login', { json: { email: eve.email, password: 'nouveau-mot-de-passe' } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.id).toBe(eve.id);
  });

  it('change-password without a session revokes every session of that user', async () => {
    const fred = await world.user('Fred');
    const second = await extraSession(fred.id);
    const token = await resetTokenFor(fred);
    const res = await world.request('PUT', '/v1/auth/change-password', {
      json: { token, new_password: 'nouveau-mot-de-passe', new_password_confirmation: 'nouveau-mot-de-passe' },
    });
    expect(res.status).toBe(204);
    expect((await me(fred.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
  });

  it('a reset token expires after one hour', async () => {
    const gus = await world.user('Gus');
    const token = await resetTokenFor(gus);
    world.clock.advance(HOUR - 1000);
    expect((await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token } })).status).toBe(204);
    world.clock.advance(2000);
    expect((await world.request('POST', '/v1/auth/check-reset-password-token', { json: { token } })).status).toBe(400);
    const change = await world.request('PUT', '/v1/auth/change-password', {
      json: { token, new_password: 'nouveau-mot-de-passe', new_password_confirmation: 'nouveau-mot-de-passe' },
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(BAD_RESET_TOKEN);
    // Nothing changed: the session opened before is still there.
    expect((await me(gus.token)).status).toBe(200);
  });
});

const minute = 60_000;
// A second world whose limits are small enough to reach in a test.
const limited: World = await createWorld({
  rateLimits: {
    registerPerAddress: { max: 3, windowMs: 60 * minute },
    registerPerEmail: { max: 1, windowMs: 60 * minute },
    resetPerEmail: { max: 2, windowMs: 60 * minute },
    resetPerAddress: { max: 4, windowMs: 60 * minute },
  },
});

describe('rate limits', () => {
  const expectLimited = (res: { status: number; body: unknown; headers: Headers }, windowSeconds: number) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: TOO_MANY, http_code: 429 });
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  };

  // Sign-in is throttled in the database, per address and source: sign-in-throttle.test.ts.

  it('register: per e-mail, then per address', async () => {
    const register = (email: string) =>
      limited.request('POST', '/v1/auth/register', {
        json: { email, password: 'un mot de passe solide', first_name: 'Jean', last_name: 'Test' },
      });
    expect((await register('jean.1@exemple.fr')).status).toBe(201);
    expectLimited(await register('Jean.1@exemple.fr'), 60 * 60);
    expect((await register('jean.2@exemple.fr')).status).toBe(201);
    const res = await register('jean.3@exemple.fr');
    expectLimited(res, 60 * 60);
    expect(await limited.db.select().from(users).where(eq(users.email, 'jean.3@exemple.fr'))).toHaveLength(0);
  });

  it('reset-password: per e-mail and per address, and a refused request sends no mail', async () => {
    const jo = await limited.user('Jo');
    // The verification mails of the sign-ups above are not what this counts.
    await limited.deliverMail();
    const before = limited.mail.sent.length;
    const reset = async (email: string) => {
      const res = await limited.request('POST', '/v1/auth/reset-password', { json: { email } });
      await limited.deliverMail();
      return res;
    };
    expect((await reset(jo.email)).status).toBe(204);
    expect((await reset(jo.email)).status).toBe(204);
    expect(limited.mail.sent).toHaveLength(before + 2);
    expectLimited(await reset(jo.email), 60 * 60);
    expect(limited.mail.sent).toHaveLength(before + 2);
    expect((await reset('autre@exemple.fr')).status).toBe(204);
    expectLimited(await reset('encore-autre@exemple.fr'), 60 * 60);
    limited.clock.advance(60 * 60_000 + 1000);
    expect((await reset(jo.email)).status).toBe(204);
    expect(limited.mail.sent).toHaveLength(before + 3);
  });
});
