import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { messages } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();
const TOO_FAST = 'Vous avez envoyé 30 messages en une minute\u00a0: patientez un instant avant d’en envoyer d’autres.';
/** As long as a message may be: the probe's 2,000 characters. */
const long = 'Bonjour à tous\u00a0! '.repeat(118).slice(0, 2000);

async function say(who: TestUser, villageId: string, villagerId: string, app = world.app) {
  const res = await app.request(`/v1/villages/${villageId}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ villager_id: villagerId, body: long }),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('Retry-After') };
}

const stored = async (villageId: string, villagerId: string) => {
  const [row] = await world.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.villageId, villageId), eq(messages.villagerId, villagerId)));
  return row.n;
};

describe('chat messages are bounded per account and village: 30 in any minute', () => {
  it('100 messages in a row store 30; the rest is refused in French with Retry-After, and room comes back a minute later', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await say(creator, village.id, village.creatorVillagerId));
    expect(answers.map((a) => a.status)).toEqual([...Array(30).fill(201), ...Array(70).fill(429)]);
    expect(answers[30].body).toEqual({ message: TOO_FAST, http_code: 429 });
    expect(answers[30].retryAfter).toBe('60');
    expect(await stored(village.id, village.creatorVillagerId)).toBe(30);

    world.clock.advance(30_000);
    expect((await say(creator, village.id, village.creatorVillagerId)).retryAfter).toBe('30');
    world.clock.advance(30_000);
    expect((await say(creator, village.id, village.creatorVillagerId)).status).toBe(201);
  });

  it('one account at its bound in one village leaves the others and its other villages free', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const elsewhere = await world.village(creator);
    for (let i = 0; i < 30; i++) expect((await say(creator, village.id, village.creatorVillagerId)).status).toBe(201);
    expect((await say(creator, village.id, village.creatorVillagerId)).status).toBe(429);
    expect((await say(helper, village.id, helperVillager)).status).toBe(201);
    expect((await say(creator, elsewhere.id, elsewhere.creatorVillagerId)).status).toBe(201);
  });

  it('in a batch, the answers stop at the 429 with its retry_after; the outbox sends the rest after it, and a replayed key is answered, not refused', async () => {
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const writes = Array.from({ length: 40 }, (_, i) => ({
      method: 'POST',
      path: `/v1/villages/${village.id}/messages`,
      idempotency_key: uuidv7(),
      body: { id: uuidv7(), villager_id: village.creatorVillagerId, body: `Message ${i + 1}` },
    }));
    const batch = (list: typeof writes) => world.request('POST', '/v1/batch', { token: creator.token, json: { writes: list } });

    const first = await batch(writes);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(31);
    expect(first.body.data.slice(0, 30).every((a: { status: number }) => a.status === 201)).toBe(true);
    expect(first.body.data[30]).toEqual({ status: 429, body: { message: TOO_FAST, http_code: 429 }, retry_after: '60' });

    // The same writes again at once (an answer lost on the way): the stored ones replay their answers.
    const again = await batch(writes);
    expect(again.body.data.slice(0, 30).map((a: { status: number }) => a.status)).toEqual(Array(30).fill(201));
    expect(again.body.data[30].status).toBe(429);

    world.clock.advance(60_000);
    const rest = await batch(writes.slice(30));
    expect(rest.body.data.map((a: { status: number }) => a.status)).toEqual(Array(10).fill(201));
    expect(await stored(village.id, village.creatorVillagerId)).toBe(40);
  });

  it('holds across two instances on one database', async () => {
    const other = createApp({ ...world.deps, caches: undefined });
    const creator = await world.user('Lina');
    const village = await world.village(creator);
    for (let i = 0; i < 30; i++)
      expect((await say(creator, village.id, village.creatorVillagerId, i % 2 ? other : world.app)).status).toBe(201);
    expect((await say(creator, village.id, village.creatorVillagerId, other)).status).toBe(429);
    expect((await say(creator, village.id, village.creatorVillagerId)).status).toBe(429);
    expect(await stored(village.id, village.creatorVillagerId)).toBe(30);
  });
});
