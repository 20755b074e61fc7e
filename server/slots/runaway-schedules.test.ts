import { describe, expect, it } from 'vitest';
import { MAX_WALK_SPAN_DAYS, walkWork } from '../../src/contract/rrule-library-walk';
import { MAX_SCHEDULED_NEEDS, MAX_SLOTS_PER_ANSWER, scheduleMessages, type Schedule } from '../../src/contract/schedule';
import { createWorld, type TestUser } from '../test/world';
import { addScheduledNeed, storeScheduledNeeds } from '../test/schedules';

/**
 * Issue 37, finding 1: a need with FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31 was accepted after 29 s with the
 * whole server frozen, then froze it 78-90 s at every read of the village's slots and 108 s for its
 * calendar. Work is counted in candidate days the rule library looks at (src/contract/rrule-library-walk.ts).
 */
const world = await createWorld();
const NOW = new Date('2026-11-20T09:00:00Z');
/** The most one walk of a rule looks at: three years of days and a period (a year at most) on each side. */
const WALK_BOUND = MAX_WALK_SPAN_DAYS + 2 * 366 + 8;
const FINDING = ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=MONTHLY;BYDAY=+99MO', 'FREQ=YEARLY;BYYEARDAY=400', 'FREQ=YEARLY;BYWEEKNO=54'];
const schedule = (rrule: string | null, more: Partial<Schedule> = {}): Schedule => ({
  dtstart: '2027-01-04T19:00',
  duration_minutes: 60,
  rrule,
  exdates: [],
  places: 1,
  ...more,
});

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; work: number }> {
  const before = walkWork();
  const result = await run();
  return { result, work: walkWork() - before };
}

const addNeed = (creator: TestUser, village: { id: string; creatorVillagerId: string }, value: Partial<Schedule> | null) =>
  world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Dîner', schedule: value },
  });

const slotsOf = (villageId: string, token: string, from: string, to: string) =>
  world.request('GET', `/v1/villages/${villageId}/slots?from=${from}&to=${to}`, { token });

describe('a schedule that never yields a day', () => {
  it('is refused in French, with a few hundred days of walk at most (the rules of the finding)', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    for (const rrule of FINDING) {
      const { result: res, work } = await counted(() => addNeed(creator, village, schedule(rrule)));
      expect(res.status, rrule).toBe(422);
      const message = rrule.startsWith('FREQ=DAILY') ? scheduleMessages.ruleNeverOccurs : scheduleMessages.rule;
      expect(res.body.errors, rrule).toEqual([{ field: 'schedule', message }]);
      expect(work, rrule).toBeLessThanOrEqual(WALK_BOUND);
    }
  });

  it('stored before the checks, freezes neither the slots nor the calendar: they answer the other needs', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    const dinners = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-11-23T19:00',
      duration_minutes: 90,
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      places: 2,
    });
    const stored = await Promise.all(FINDING.map((rrule) => storeScheduledNeeds(world, village.id, schedule(rrule))));
    expect(stored.flat()).toHaveLength(4);

    const { result: slots, work } = await counted(() => slotsOf(village.id, creator.token, '2026-11-20T00:00:00Z', '2027-11-20T00:00:00Z'));
    expect(slots.status).toBe(200);
    expect(slots.body.data).toHaveLength(52);
    expect(slots.body.data.every((slot: { village_need_id: string }) => slot.village_need_id === dinners)).toBe(true);
    // Five needs, one walk each.
    expect(work).toBeLessThanOrEqual(5 * WALK_BOUND);

    const issued = await world.request('POST', `/v1/villages/${village.id}/calendar`, { token: creator.token });
    expect(issued.status).toBe(201);
    const { result: feed, work: feedWork } = await counted(async () => world.app.request(new URL(issued.body.data.url).pathname));
    expect(feed.status).toBe(200);
    // Thirteen Mondays in the next 90 days, all open.
    expect((await feed.text()).match(/SUMMARY:À pourvoir\u00a0: Dîner/g)).toHaveLength(13);
    expect(feedWork).toBeLessThanOrEqual(5 * WALK_BOUND);
  });
});

describe('what a need, a village and an answer can hold', () => {
  it('a schedule has at most 366 cancelled dates', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2027, 0, 4 + i, 19)).toISOString().slice(0, 16));
    const refused = await addNeed(creator, village, schedule('FREQ=DAILY', { exdates: days(367) }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ field: 'schedule.exdates', message: scheduleMessages.exdates }]);
    expect((await addNeed(creator, village, schedule('FREQ=DAILY', { exdates: days(366) }))).status).toBe(201);
  });

  it(`a village holds at most ${MAX_SCHEDULED_NEEDS} needs with a schedule, counted at each write`, async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    await storeScheduledNeeds(world, village.id, schedule('FREQ=WEEKLY'), MAX_SCHEDULED_NEEDS - 1);
    expect((await addNeed(creator, village, schedule('FREQ=WEEKLY'))).status).toBe(201);
    const full = await addNeed(creator, village, schedule('FREQ=WEEKLY'));
    expect(full.status).toBe(422);
    expect(full.body.errors).toEqual([{ field: 'schedule', message: scheduleMessages.tooManyScheduledNeeds }]);
    // A need without dates is still welcome, but cannot be given a schedule.
    const plain = await addNeed(creator, village, null);
    expect(plain.status).toBe(201);
    const dated = await world.request('PUT', `/v1/villages/${village.id}/needs/${plain.body.data.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, schedule: schedule('FREQ=WEEKLY') },
    });
    expect(dated.status).toBe(422);
    expect(dated.body.errors).toEqual([{ field: 'schedule', message: scheduleMessages.tooManyScheduledNeeds }]);
    // A scheduled need may still change its schedule.
    const [first] = await storeScheduledNeeds(world, village.id, schedule('FREQ=WEEKLY'));
    const edited = await world.request('PUT', `/v1/villages/${village.id}/needs/${first}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, schedule: schedule('FREQ=DAILY') },
    });
    expect(edited.status).toBe(200);
  });

  it(`one slots answer carries at most ${MAX_SLOTS_PER_ANSWER} slots: a wider window is refused on "to"`, async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    // 14 daily needs: 5,124 slots in 366 days, 4,200 in 300.
    await storeScheduledNeeds(world, village.id, schedule('FREQ=DAILY', { dtstart: '2026-11-21T19:00' }), 14);
    const wide = await slotsOf(village.id, creator.token, '2026-11-21T00:00:00Z', '2027-11-22T00:00:00Z');
    expect(wide.status).toBe(422);
    expect(wide.body.errors).toEqual([{ field: 'to', message: scheduleMessages.tooManySlots }]);
    const narrower = await slotsOf(village.id, creator.token, '2026-11-21T00:00:00Z', '2027-09-17T00:00:00Z');
    expect(narrower.status).toBe(200);
    expect(narrower.body.data).toHaveLength(14 * 300);
  });
});
