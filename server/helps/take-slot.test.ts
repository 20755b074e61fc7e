import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduleMessages } from '../../src/contract/schedule';
import { helps } from '../db/schema';
import { text as T } from '../http/errors';
import { createWorld } from '../test/world';
import { addScheduledNeed, DINNERS, FRIDAY_19_MARCH, MONDAY_29_MARCH, take, WEDNESDAY_17_MARCH } from '../test/schedules';

const world = await createWorld();
const NOW = new Date('2026-11-20T09:00:00Z');

/** Claire's village with Hugo, and its dinners (Friday 19 March cancelled). */
async function scene() {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  const needId = await addScheduledNeed(world, cast.creator, cast.village, { ...DINNERS, exdates: ['2027-03-19T19:00'] });
  const takeAs = (start: string, more: { end_date?: string; comment?: string } = {}) =>
    take(world, cast.helper, cast.helperVillager, { villageId: cast.village.id, needId }, start, more);
  return { ...cast, needId, takeAs };
}

const startError = (message: string) => ({
  status: 422,
  body: { message: T.invalid, http_code: 422, errors: [{ field: 'start_date', message }] },
});

describe('taking a slot', () => {
  it('stores the occurrence with its own end, whatever end the client sent, and the note', async () => {
    const { takeAs } = await scene();
    const res = await takeAs(WEDNESDAY_17_MARCH, { end_date: '2027-03-17T23:00:00Z', comment: "J'apporte une soupe" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      start_date: WEDNESDAY_17_MARCH,
      end_date: '2027-03-17T19:30:00.000Z',
      comment: "J'apporte une soupe",
    });
    const [row] = await world.db.select().from(helps).where(eq(helps.id, res.body.data.id));
    expect(row.endDate?.toISOString()).toBe('2027-03-17T19:30:00.000Z');
  });

  it('refuses a time that is not an occurrence, and a cancelled date', async () => {
    const { takeAs, needId } = await scene();
    for (const start of ['2027-03-16T18:00:00.000Z', '2027-03-17T18:30:00.000Z', FRIDAY_19_MARCH, '2027-04-26T17:00:00.000Z']) {
      expect(await takeAs(start), start).toMatchObject(startError(T.slotCancelled));
    }
    expect(await world.db.select().from(helps).where(eq(helps.villageNeedId, needId))).toEqual([]);
  });

  it('keeps 19:00 in Paris across the spring change: 18:00 UTC before 28 March, 17:00 UTC after', async () => {
    const { takeAs } = await scene();
    expect((await takeAs('2027-03-26T18:00:00.000Z')).status).toBe(201);
    expect((await takeAs(MONDAY_29_MARCH)).status).toBe(201);
    expect(await takeAs('2027-03-29T18:00:00.000Z')).toMatchObject(startError(T.slotCancelled));
    // The same instant written with an offset names the same occurrence.
    expect((await takeAs('2027-03-31T19:00:00+02:00')).status).toBe(201);
  });

  it('refuses a slot already past, a free help in the past and any help more than two years ahead', async () => {
    world.clock.set(NOW);
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    // Every morning at 10:00 in Paris (9:00 UTC) since the day before yesterday.
    const daily = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-11-18T10:00',
      duration_minutes: 60,
      rrule: 'FREQ=DAILY',
    });
    const slots = { villageId: village.id, needId: daily };
    expect(await take(world, helper, helperVillager, slots, '2026-11-19T09:00:00.000Z')).toMatchObject(startError(scheduleMessages.past));
    const free = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    const freeNeed = { villageId: village.id, needId: free.body.data.id };
    expect(await take(world, helper, helperVillager, freeNeed, '2026-11-19T10:00:00Z')).toMatchObject(startError(scheduleMessages.past));
    expect(await take(world, helper, helperVillager, freeNeed, '2028-11-21T10:00:00Z')).toMatchObject(startError(scheduleMessages.tooFar));
    // A few minutes of clock skew are tolerated (today's slot, just begun); the free model keeps working.
    world.clock.set(new Date('2026-11-20T09:03:00Z'));
    expect((await take(world, helper, helperVillager, slots, '2026-11-20T09:00:00.000Z')).status).toBe(201);
    expect((await take(world, helper, helperVillager, freeNeed, '2026-11-20T09:00:00Z')).status).toBe(201);
    expect((await take(world, helper, helperVillager, freeNeed, '2028-11-19T10:00:00Z')).status).toBe(201);
  });

  it('refuses a help beyond two years on a rule without end', async () => {
    world.clock.set(NOW);
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-12-01T10:00',
      duration_minutes: 60,
      rrule: 'FREQ=DAILY',
    });
    const path = { villageId: village.id, needId };
    expect((await take(world, helper, helperVillager, path, '2028-11-19T09:00:00.000Z')).status).toBe(201);
    expect(await take(world, helper, helperVillager, path, '2028-11-21T09:00:00.000Z')).toMatchObject(startError(scheduleMessages.tooFar));
  });
});
