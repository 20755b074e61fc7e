import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helps } from '../db/schema';
import { createWorld } from '../test/world';
import { addScheduledNeed, take, WEDNESDAY_17_MARCH } from '../test/schedules';

const world = await createWorld();

describe('a slot with 3 places taken by 20 people at once', () => {
  it('gives it to exactly 3 of them and tells the 17 others who holds it', async () => {
    world.clock.set(new Date('2026-11-20T09:00:00Z'));
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const needId = await addScheduledNeed(world, creator, village);
    const takers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const user = await world.user(`Aide${i + 1}`);
        return { user, villagerId: await world.join(user, village.shareCode) };
      }),
    );

    // Straight to the app, all at once: on PostgreSQL they run on several connections of the pool.
    const answers = await Promise.all(
      takers.map(async ({ user, villagerId }) => {
        const res = await world.app.request(`/v1/villages/${village.id}/needs/${needId}/helps`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ helper_id: villagerId, start_date: WEDNESDAY_17_MARCH }),
        });
        return { status: res.status, body: await res.json(), name: user.firstName };
      }),
    );

    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    const holders = won.map((a) => a.name);
    for (const answer of lost) {
      expect(answer.body.message).toMatch(/^Ce créneau est complet\u00a0: \S+, \S+ et \S+ s'en occupent\.$/);
      for (const name of holders) expect(answer.body.message).toContain(name);
    }
    const stored = await world.db
      .select()
      .from(helps)
      .where(and(eq(helps.villageNeedId, needId), eq(helps.startDate, new Date(WEDNESDAY_17_MARCH))));
    expect(stored).toHaveLength(3);
    expect(stored.every((h) => h.endDate?.toISOString() === '2027-03-17T19:30:00.000Z')).toBe(true);
  });

  it('answers a replayed take with its first answer, even once the slot is full', async () => {
    world.clock.set(new Date('2026-11-20T09:00:00Z'));
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village, { dtstart: '2027-03-17T19:00', duration_minutes: 60, places: 1 });
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await take(world, helper, helperVillager, { villageId: village.id, needId }, WEDNESDAY_17_MARCH, { headers });
    expect(first.status).toBe(201);
    const again = await take(world, helper, helperVillager, { villageId: village.id, needId }, WEDNESDAY_17_MARCH, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Without the key it is a second take of the same slot by the same person.
    const twice = await take(world, helper, helperVillager, { villageId: village.id, needId }, WEDNESDAY_17_MARCH);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Vous vous occupez déjà de ce créneau.');
    const other = await world.user('Marc');
    const marcId = await world.join(other, village.shareCode);
    const full = await take(world, other, marcId, { villageId: village.id, needId }, WEDNESDAY_17_MARCH);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe("Ce créneau est complet\u00a0: Hugo s'en occupe.");
  });
});
