import { randomBytes, scryptSync } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { signInThrottles, users } from '../db/schema';
import { createWorld, TEST_PASSWORD } from '../test/world';
import type { SignInRules } from './sign-in-throttle';

const TOO_MANY = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
const WRONG = 'Email ou mot de passe incorrect.';

// The server's own rules (5 free tries per address and source, then 30 s, 1, 2, 4, 8 min, 15 min at most).
const world = await createWorld();
// A second instance on the same database, with caches and a sign-in throttle of its own.
const other = createApp({ ...world.deps, caches: undefined });
type App = typeof other;

/**
 * Someone whose stored hash is a cheap scrypt (N=2^10): the server reads the cost from the hash, and this
 * file checks a hundred passwords; what it tests is the counting, not the hashing.
 */
async function person(name: string) {
  const user = await world.user(name);
  const salt = randomBytes(16);
  const hash = scryptSync(TEST_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  const passwordHash = ['scrypt', 1024, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
  await world.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  return user;
}

/** A sign-in as it comes from `source` (the peer address the server sees). */
async function logIn(app: App, source: string, email: string, password: string) {
  const res = await app.request(
    '/v1/auth/login',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) },
    { incoming: { socket: { remoteAddress: source } } },
  );
  return {
    status: res.status,
    body: (await res.json()) as { message?: string; data?: { token: string } },
    retryAfter: res.headers.get('Retry-After'),
  };
}
const seconds = (retryAfter: string | null) => Number(retryAfter);

describe('sign-in throttling: slowed per address and source, never a lock of the account', () => {
  it('an attacker failing 20 times from one source is slowed ever more, and the owner signs in from another at once', async () => {
    const ines = await person('Ines');
    const attacker = '203.0.113.7';
    const waits: number[] = [];
    let failures = 0;
    while (failures < 20) {
      const res = await logIn(world.app, attacker, ines.email, 'mauvais-mot-de-passe');
      if (res.status === 429) {
        expect(res.body).toEqual({ message: TOO_MANY, http_code: 429 });
        waits.push(seconds(res.retryAfter));
        world.clock.advance(seconds(res.retryAfter) * 1000);
        continue;
      }
      expect(res.body.message).toBe(WRONG);
      failures += 1;
    }
    // Five at once, then 30 s, doubling, at most 15 minutes between two tries.
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900, 900, 900, 900, 900, 900, 900, 900]);

    // Still told to wait, even with the right password: the attacker's source cannot tell a right guess.
    const fromAttacker = await logIn(world.app, attacker, ines.email, TEST_PASSWORD);
    expect(fromAttacker.status).toBe(429);
    expect(seconds(fromAttacker.retryAfter)).toBeGreaterThan(0);
    expect(seconds(fromAttacker.retryAfter)).toBeLessThanOrEqual(900);

    // The owner, from home, through either instance: in at once.
    for (const app of [world.app, other]) {
      const owner = await logIn(app, '198.51.100.20', ines.email, TEST_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body.data?.token).toEqual(expect.any(String));
    }
    // Even a few typos of the owner's own do not make them wait.
    expect((await logIn(world.app, '198.51.100.20', ines.email, 'faute-de-frappe')).status).toBe(400);
    expect((await logIn(world.app, '198.51.100.20', ines.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a success from a source starts that address afresh there', async () => {
    const leo = await person('Leo');
    const source = '203.0.113.8';
    for (let i = 0; i < 4; i++) expect((await logIn(world.app, source, leo.email, 'oubli')).status).toBe(400);
    expect((await logIn(world.app, source, leo.email, TEST_PASSWORD)).status).toBe(200);
    const key = `address:${leo.email}|source:${source}`;
    expect(await world.db.select().from(signInThrottles).where(eq(signInThrottles.key, key))).toHaveLength(0);
    for (let i = 0; i < 5; i++) expect((await logIn(world.app, source, leo.email, 'oubli')).status).toBe(400);
    expect((await logIn(world.app, source, leo.email, 'oubli')).status).toBe(429);
  });

  it('two instances on one database share the counts', async () => {
    const zoe = await person('Zoe');
    const source = '203.0.113.9';
    for (const app of [world.app, other, world.app, other, world.app]) {
      expect((await logIn(app, source, zoe.email, 'devine')).status).toBe(400);
    }
    // The sixth try, through either instance, waits: each instance sees what the other counted.
    for (const app of [other, world.app]) {
      const res = await logIn(app, source, zoe.email, 'devine');
      expect(res.status).toBe(429);
      expect(seconds(res.retryAfter)).toBe(30);
    }
    // Waiting longer does not help that address from there, and it counts nothing more.
    const [row] = await world.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.key, `address:${zoe.email}|source:${source}`));
    expect(row.attempts).toBe(5);
  });

  it('a burst of parallel guesses is counted as it comes: only the free ones are checked', async () => {
    const max = await person('Max');
    const source = '203.0.113.10';
    const answers = await Promise.all(Array.from({ length: 8 }, () => logIn(other, source, max.email, 'rafale')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('one source spraying many addresses is slowed for all of them, other sources are not', async () => {
    const sprayRules: Partial<SignInRules> = {
      perSource: { free: 3, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetMs: 60 * 60_000 },
    };
    const strict = createApp({ ...world.deps, caches: undefined, signInRules: sprayRules });
    const source = '203.0.113.11';
    const victims = [await person('Ana'), await person('Bea'), await person('Cyd')];
    for (const v of victims) expect((await logIn(strict, source, v.email, 'printemps2026')).status).toBe(400);
    const fourth = await logIn(strict, source, 'quelqu.un@exemple.fr', 'printemps2026');
    expect(fourth.status).toBe(429);
    expect(seconds(fourth.retryAfter)).toBe(60);
    // The same people sign in from their own machines.
    for (const v of victims) expect((await logIn(strict, '198.51.100.30', v.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts are forgotten a day after the last try, and their rows pruned', async () => {
    const eva = await person('Eva');
    const source = '203.0.113.12';
    for (let i = 0; i < 5; i++) expect((await logIn(world.app, source, eva.email, 'non')).status).toBe(400);
    expect((await logIn(world.app, source, eva.email, 'non')).status).toBe(429);
    world.clock.advance(24 * 60 * 60_000 + 1000);
    // Any sign-in prunes what is forgotten (once a minute per instance); this source's rows were.
    expect((await logIn(world.app, '198.51.100.40', eva.email, TEST_PASSWORD)).status).toBe(200);
    expect(
      await world.db
        .select()
        .from(signInThrottles)
        .where(like(signInThrottles.key, `%${source}`)),
    ).toHaveLength(0);
    expect((await logIn(world.app, source, eva.email, 'non')).status).toBe(400);
  });
});
