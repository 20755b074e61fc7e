import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages as M } from '../../src/contract';
import { signInLinkInvalid } from '../../src/contract/sign-in-link';
import { signInLinks, users } from '../db/schema';
import { text as T } from '../http/errors';
import { createWorld, type TestUser, type World } from '../test/world';

const PUBLIC_URL = 'https://village.example';
// Many requests from the one in-process address: the limit is what `limited` below tests.
const world: World = await createWorld({ publicUrl: PUBLIC_URL, rateLimits: { resetPerAddress: { max: 1000, windowMs: 3600_000 } } });
const MINUTE = 60_000;
// Small limits, reachable in a test; at collection time, so the world's own afterAll closes it.
const limited: World = await createWorld({
  rateLimits: { resetPerEmail: { max: 2, windowMs: 60 * MINUTE }, resetPerAddress: { max: 3, windowMs: 60 * MINUTE } },
});
const LINK = /https:\/\/village\.example\/auth\/link\/([A-Za-z0-9_-]{32,})(\?redirect=\S+)?/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const ask = (w: World, json: unknown) => w.request('POST', '/v1/auth/sign-in-link', { json });
const redeem = (token: string) => world.request('POST', '/v1/auth/sign-in-link/redeem', { json: { token } });
const me = (token: string) => world.request('GET', '/v1/users/me', { token });

/** Asks for a link, sends the queue, and answers the mails that reached the address since. */
async function askAndDeliver(w: World, email: string, redirect?: string) {
  const before = w.mail.sent.length;
  const res = await ask(w, redirect === undefined ? { email } : { email, redirect });
  await w.deliverMail();
  return { res, mails: w.mail.sent.slice(before).filter((m) => m.to === email) };
}

/** The token (and the `?redirect=` part) of the one link mailed to this user. */
async function linkFor(user: TestUser, redirect?: string) {
  const { res, mails } = await askAndDeliver(world, user.email, redirect);
  expect(res.status).toBe(204);
  expect(mails).toHaveLength(1);
  const match = mails[0].text.match(LINK);
  expect(match, 'a sign-in link in the mail').toBeTruthy();
  return { token: match![1], query: match![2], mail: mails[0] };
}

describe('asking for a sign-in link', () => {
  it('answers 204 for an unknown address, and nothing is stored or mailed', async () => {
    const before = await world.db.select().from(signInLinks);
    const { res, mails } = await askAndDeliver(world, 'personne@exemple.fr');
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(mails).toHaveLength(0);
    expect(await world.db.select().from(signInLinks)).toEqual(before);
  });

  it('mails a known address one link, valid 20 minutes, whose token is stored only hashed', async () => {
    const anne = await world.user('Anne');
    const { token, query, mail } = await linkFor(anne);
    expect(query).toBeUndefined();
    expect(mail.subject).toBe('Votre lien de connexion');
    expect(mail.text).toContain('Bonjour Anne,');
    expect(mail.text).toContain('valable 20 minutes, une seule fois');
    const rows = await world.db.select().from(signInLinks).where(eq(signInLinks.userId, anne.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - world.clock.now().getTime()).toBe(20 * MINUTE);
  });

  it('carries a path of the app back in the link, and drops an address elsewhere', async () => {
    const bea = await world.user('Bea');
    expect((await linkFor(bea, '/join/village?code=ABC123')).query).toBe(`?redirect=${encodeURIComponent('/join/village?code=ABC123')}`);
    expect((await linkFor(bea, 'https://ailleurs.example/')).query).toBeUndefined();
    expect((await linkFor(bea, '//ailleurs.example/')).query).toBeUndefined();
  });
});

describe('following the link', () => {
  it('signs in once: a session for the link owner, then 410 in French', async () => {
    const cam = await world.user('Cam');
    const { token } = await linkFor(cam);
    const first = await redeem(token);
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ id: cam.id, email: cam.email });
    expect(typeof first.body.data.token).toBe('string');
    expect((await me(first.body.data.token)).body.data.id).toBe(cam.id);

    const again = await redeem(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: signInLinkInvalid, http_code: 410 });
  });

  it('works for 20 minutes, not after', async () => {
    const dan = await world.user('Dan');
    const early = await linkFor(dan);
    world.clock.advance(20 * MINUTE - 1000);
    expect((await redeem(early.token)).status).toBe(200);

    const late = await linkFor(dan);
    world.clock.advance(20 * MINUTE + 1000);
    const res = await redeem(late.token);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(signInLinkInvalid);
  });

  it('verifies the address it was mailed to', async () => {
    const eve = await world.user('Eve', { verified: false });
    expect((await me(eve.token)).body.data.email_verified_at).toBeNull();
    const { token } = await linkFor(eve);
    const res = await redeem(token);
    expect(res.status).toBe(200);
    expect(res.body.data.user.email_verified_at).toBe(world.clock.now().toISOString());
    expect((await me(eve.token)).body.data.email_verified_at).toBe(world.clock.now().toISOString());
  });

  it('opens nothing once the account has moved to another address', async () => {
    const fay = await world.user('Fay', { verified: false });
    const { token } = await linkFor(fay);
    await world.db
      .update(users)
      .set({ email: `nouvelle.${fay.id}@exemple.fr` })
      .where(eq(users.id, fay.id));
    const res = await redeem(token);
    expect(res.status).toBe(410);
    expect((await me(fay.token)).body.data.email_verified_at).toBeNull();
  });
});

describe('limits and bad input', () => {
  it('is throttled as the password reset is: 429 in French with Retry-After, and no mail', async () => {
    const gus = await limited.user('Gus');
    expect((await askAndDeliver(limited, gus.email)).mails).toHaveLength(1);
    expect((await askAndDeliver(limited, gus.email)).mails).toHaveLength(1);
    const refused = await askAndDeliver(limited, gus.email);
    expect(refused.res.status).toBe(429);
    expect(refused.res.body).toEqual({ message: T.tooManyAttempts, http_code: 429 });
    expect(Number(refused.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.mails).toHaveLength(0);
    // Per source too: another address from the same place is refused once the source has asked three times.
    expect((await askAndDeliver(limited, 'autre@exemple.fr')).res.status).toBe(429);
    limited.clock.advance(60 * MINUTE + 1000);
    expect((await askAndDeliver(limited, gus.email)).mails).toHaveLength(1);
  });

  it('answers bad bodies with French 4xx', async () => {
    const raw = (path: string, body: string) => world.request('POST', path, { body, headers: { 'Content-Type': 'application/json' } });
    expect((await raw('/v1/auth/sign-in-link', '{"email"')).body).toEqual({ message: T.badJson, http_code: 400 });
    expect((await raw('/v1/auth/sign-in-link/redeem', 'token=abc')).body).toEqual({ message: T.badJson, http_code: 400 });
    const cases: [string, unknown, { field: string; message: string }[]][] = [
      ['/v1/auth/sign-in-link', {}, [{ field: 'email', message: M.required }]],
      ['/v1/auth/sign-in-link', { email: 'anne@' }, [{ field: 'email', message: M.email }]],
      ['/v1/auth/sign-in-link', { email: 'anne@exemple.fr', redirect: 5 }, [{ field: 'redirect', message: M.wrongType }]],
      ['/v1/auth/sign-in-link/redeem', {}, [{ field: 'token', message: M.required }]],
      ['/v1/auth/sign-in-link/redeem', { token: 5 }, [{ field: 'token', message: M.wrongType }]],
      ['/v1/auth/sign-in-link/redeem', { token: 'a'.repeat(201) }, [{ field: 'token', message: M.maxLength(200) }]],
    ];
    for (const [path, json, errors] of cases) {
      const res = await world.request('POST', path, { json });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(422);
      expect(res.body).toEqual({ message: T.invalid, http_code: 422, errors });
    }
    const unknown = await redeem('inconnu');
    expect(unknown.status).toBe(410);
    expect(unknown.body.message).toBe(signInLinkInvalid);
  });
});
