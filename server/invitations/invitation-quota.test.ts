import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { mailJobs } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let counter = 0;
/** `n` addresses nobody has used yet. */
const addresses = (n: number) => Array.from({ length: n }, () => `invite.${++counter}.${Date.now().toString(36)}@exemple.fr`);
/** The 400-character word of the probe that queued 1,000 mails. */
const word = 'Venez nombreux ! '.repeat(24).slice(0, 400);

async function invite(who: TestUser, village: { id: string; creatorVillagerId: string }, emails: string[], app = world.app) {
  const res = await app.request(`/v1/villages/${village.id}/invitations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ inviter_id: village.creatorVillagerId, emails, message: word }),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('Retry-After') };
}

/** The invitation mails queued for a village, whoever sent them. */
const queuedFor = async (villageId: string) => {
  const [row] = await world.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailJobs)
    .where(and(eq(mailJobs.kind, 'invitation'), sql`${mailJobs.payload}->>'village_id' = ${villageId}`));
  return row.n;
};

const ACCOUNT_FULL =
  'Vous avez envoyé 100 invitations ces dernières 24 heures, le maximum pour un compte. Vous pourrez en envoyer d’autres plus tard.';
const VILLAGE_FULL =
  'Ce village a envoyé 100 invitations ces dernières 24 heures, le maximum pour un village. Vous pourrez en envoyer d’autres plus tard.';

describe('invitation mails are bounded per account and per village (100 in 24 hours each)', () => {
  it('20 calls of 50 new addresses queue 100 mails, not 1,000: the rest is refused in French with Retry-After', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await invite(creator, village, addresses(50)));

    expect(answers.map((a) => a.status)).toEqual([201, 201, ...Array(18).fill(429)]);
    expect(answers[2].body).toEqual({ message: ACCOUNT_FULL, http_code: 429 });
    // All 100 went at the same instant of the test clock: room comes back 24 hours later.
    expect(answers[2].retryAfter).toBe(String(DAY / 1000));
    expect(await queuedFor(village.id)).toBe(100);

    world.clock.advance(DAY);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    expect(await queuedFor(village.id)).toBe(150);
  });

  it('mails already sent still count: the dispatcher keeps who sent them and for which village', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    expect(await world.deliverMail()).toBeGreaterThanOrEqual(100);

    const beyond = await invite(creator, village, addresses(50));
    expect(beyond.status).toBe(429);
    expect(await queuedFor(village.id)).toBe(100);
    // What the sent rows keep is no secret: no invitation link is left in them.
    const kept = await world.db
      .select({ payload: mailJobs.payload })
      .from(mailJobs)
      .where(and(eq(mailJobs.kind, 'invitation'), sql`${mailJobs.payload}->>'village_id' = ${village.id}`));
    expect(
      new Set(
        kept.map((row) =>
          Object.keys(row.payload as object)
            .sort()
            .join(','),
        ),
      ),
    ).toEqual(new Set(['sender_id,village_id']));
  });

  it('a family of 30 in one go is fine', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const res = await invite(creator, village, addresses(30));
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(30);
    expect(await queuedFor(village.id)).toBe(30);
  });

  it('Retry-After says when enough of the day’s mails have aged out for this call', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    world.clock.advance(HOUR);
    expect((await invite(creator, village, addresses(30))).status).toBe(201);
    world.clock.advance(HOUR);
    // 80 sent: 30 more need the first 50 to have aged out, 22 hours from now; 20 more fit now.
    const refused = await invite(creator, village, addresses(30));
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String((22 * HOUR) / 1000));
    expect((await invite(creator, village, addresses(20))).status).toBe(201);
    expect(await queuedFor(village.id)).toBe(100);
  });

  it('counts an account’s invitations across its villages', async () => {
    const creator = await world.user('Claire');
    const [first, second] = [await world.village(creator), await world.village(creator)];
    expect((await invite(creator, first, addresses(50))).status).toBe(201);
    expect((await invite(creator, first, addresses(10))).status).toBe(201);
    const refused = await invite(creator, second, addresses(50));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ACCOUNT_FULL);
    expect(await queuedFor(second.id)).toBe(0);
    expect((await invite(creator, second, addresses(40))).status).toBe(201);
  });

  it('counts a village’s invitations whoever of its organisers sends them', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const named = await world.request('PUT', `/v1/villages/${village.id}/villagers/${helperVillager}`, {
      token: creator.token,
      json: { is_manager: true, updater_id: village.creatorVillagerId },
    });
    expect(named.status).toBe(200);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    expect((await invite(creator, village, addresses(20))).status).toBe(201);
    const asHelper = { id: village.id, creatorVillagerId: helperVillager };
    const refused = await invite(helper, asHelper, addresses(40));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: VILLAGE_FULL, http_code: 429 });
    expect(refused.retryAfter).toBe(String(DAY / 1000));
    expect((await invite(helper, asHelper, addresses(30))).status).toBe(201);
    expect(await queuedFor(village.id)).toBe(100);
  });

  it('a resend is a mail too: refused once the day is full', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const first = await invite(creator, village, addresses(50));
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    world.clock.advance(2 * HOUR);
    const resend = await world.request('POST', `/v1/villages/${village.id}/invitations/${first.body.data[0].id}/resend`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId },
    });
    expect(resend.status).toBe(429);
    expect(resend.body.message).toBe(ACCOUNT_FULL);
    expect(resend.headers.get('Retry-After')).toBe(String((22 * HOUR) / 1000));
    // Inviting the same pending addresses again after the hour would mail them again: refused as well.
    expect(
      (
        await invite(
          creator,
          village,
          first.body.data.map((i: { email: string }) => i.email),
        )
      ).status,
    ).toBe(429);
    expect(await queuedFor(village.id)).toBe(100);
  });

  it('addresses that get no mail (already members, invited less than an hour ago) take no room', async () => {
    const { creator, helper, village } = await world.villageWithHelper();
    const sent = addresses(50);
    expect((await invite(creator, village, sent)).status).toBe(201);
    expect((await invite(creator, village, addresses(49))).status).toBe(201);
    // 99 sent: the same 50 again (answered as they are) and a member cost nothing; one new address fits.
    const again = await invite(creator, village, [...sent.slice(0, 48), helper.email, ...addresses(1)]);
    expect(again.status).toBe(201);
    expect(await queuedFor(village.id)).toBe(100);
  });

  it('holds across two instances on one database, and for calls at the same time', async () => {
    const other = createApp({ ...world.deps, caches: undefined });
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    expect((await invite(creator, village, addresses(50))).status).toBe(201);
    expect((await invite(creator, village, addresses(50), other)).status).toBe(201);
    const refused = await invite(creator, village, addresses(1), other);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ACCOUNT_FULL);
    expect(await queuedFor(village.id)).toBe(100);

    const second = await world.user('Lina');
    const hers = await world.village(second);
    const together = await Promise.all([0, 1, 2, 3].map((i) => invite(second, hers, addresses(40), i % 2 ? other : world.app)));
    expect(together.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
    expect(await queuedFor(hers.id)).toBe(80);
  });
});
