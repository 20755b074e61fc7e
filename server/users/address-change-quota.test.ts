import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { mailJobs } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();
const HOUR = 3600_000;
const TOO_MANY = "Vous avez essayé de changer d'adresse e-mail trop de fois en une heure. Réessayez plus tard.";
const TAKEN = 'Un compte existe déjà avec cet email';

let counter = 0;
const fresh = () => `nouvelle.${++counter}.${Date.now().toString(36)}@exemple.fr`;

const put = (who: TestUser, json: unknown, app = world.app) =>
  Promise.resolve(
    app.request(`/v1/users/${who.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    }),
  ).then(async (res) => ({ status: res.status, body: await res.json(), retryAfter: res.headers.get('Retry-After') }));

/** The mails a change of address queues: the link to the new address and the notice to the former one. */
async function mailsOf(userId: string) {
  const [links] = await world.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailJobs)
    .where(and(eq(mailJobs.userId, userId), eq(mailJobs.kind, 'email_verification')));
  const [notices] = await world.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailJobs)
    .where(
      and(
        eq(mailJobs.kind, 'address_changed'),
        sql`${mailJobs.payload}->>'new_email' in (select email from email_verifications where user_id = ${userId})`,
      ),
    );
  return { links: links.n, notices: notices.n };
}

describe('changes of address are bounded per account: 3 tries in any hour', () => {
  it('changes whose mails were sent still count', async () => {
    const user = await world.user('Marie');
    for (let i = 0; i < 3; i++) expect((await put(user, { email: fresh() })).status).toBe(200);
    expect(await world.deliverMail()).toBeGreaterThanOrEqual(3);
    expect((await put(user, { email: fresh() })).status).toBe(429);
  });

  it('20 changes in a row mail 3 links and 3 notices, not 20 of each; the rest is refused in French with Retry-After', async () => {
    const user = await world.user('Marie');
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await put(user, { email: fresh() }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, ...Array(17).fill(429)]);
    expect(answers[3].body).toEqual({ message: TOO_MANY, http_code: 429 });
    expect(answers[3].retryAfter).toBe(String(HOUR / 1000));
    expect(await mailsOf(user.id)).toEqual({ links: 3, notices: 3 });

    world.clock.advance(HOUR);
    expect((await put(user, { email: fresh() })).status).toBe(200);
    expect(await mailsOf(user.id)).toEqual({ links: 4, notices: 4 });
  });

  it('answers probes of taken addresses with the same bound: after 3 tries, taken and free look alike', async () => {
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => world.user(`Pris${i}`)));
    const prober = await world.user('Sonde');
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await put(prober, { email: i % 2 ? fresh() : taken[i / 2].email }));
    expect(answers.slice(0, 3).map((a) => [a.status, a.body.errors?.[0]?.message])).toEqual([
      [422, TAKEN],
      [200, undefined],
      [422, TAKEN],
    ]);
    for (const refused of answers.slice(3)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: TOO_MANY, http_code: 429 });
    }
    // Room comes back as each try ages out, an hour after it.
    expect(answers[3].retryAfter).toBe(String(HOUR / 1000));
    world.clock.advance(HOUR);
    expect((await put(prober, { email: taken[19].email })).status).toBe(422);
    expect((await put(prober, { email: taken[18].email })).status).toBe(422);
  });

  it('counts only new addresses: the same address again and other fields pass', async () => {
    const user = await world.user('Paul');
    for (let i = 0; i < 3; i++) expect((await put(user, { email: fresh() })).status).toBe(200);
    expect((await put(user, { email: fresh() })).status).toBe(429);
    const me = (await world.request('GET', '/v1/users/me', { token: user.token })).body.data;
    expect((await put(user, { email: me.email, first_name: 'Paulo' })).status).toBe(200);
    expect((await put(user, { first_name: 'Paul', phone: '0612345678' })).status).toBe(200);
  });

  it('holds across two instances on one database', async () => {
    const other = createApp({ ...world.deps, caches: undefined });
    const user = await world.user('Lina');
    expect((await put(user, { email: fresh() })).status).toBe(200);
    expect((await put(user, { email: fresh() }, other)).status).toBe(200);
    expect((await put(user, { email: fresh() })).status).toBe(200);
    expect((await put(user, { email: fresh() }, other)).status).toBe(429);
    expect((await put(user, { email: fresh() })).status).toBe(429);
    expect(await mailsOf(user.id)).toEqual({ links: 3, notices: 3 });
  });
});
