import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helps, pushJobs } from '../db/schema';
import { composeJob } from '../push/compose';
import { createWorld } from '../test/world';
import { addScheduledNeed, take } from '../test/schedules';

const world = await createWorld();
const NOW = new Date('2026-11-20T09:00:00Z');
// Dinner on Mondays, Wednesdays and Fridays at 19:00 in Paris (18:00 UTC), from Monday 23 November.
const WEEKLY = { dtstart: '2026-11-23T19:00', duration_minutes: 90, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12', places: 2 };
const MON_23 = '2026-11-23T18:00:00.000Z';
const WED_25 = '2026-11-25T18:00:00.000Z';
const FRI_27 = '2026-11-27T18:00:00.000Z';
const MON_30 = '2026-11-30T18:00:00.000Z';

async function scene() {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  const needId = await addScheduledNeed(world, cast.creator, cast.village, WEEKLY, { address: '3 rue des Lilas, Lyon' });
  const held: Record<string, string> = {};
  for (const start of [MON_23, WED_25, FRI_27, MON_30]) {
    const res = await take(world, cast.helper, cast.helperVillager, { villageId: cast.village.id, needId }, start);
    expect(res.status).toBe(201);
    held[start] = res.body.data.id;
  }
  const edit = (fields: Record<string, unknown>) =>
    world.request('PUT', `/v1/villages/${cast.village.id}/needs/${needId}`, {
      token: cast.creator.token,
      json: { updater_id: cast.village.creatorVillagerId, ...fields },
    });
  const left = async () =>
    (await world.db.select().from(helps).where(eq(helps.villageNeedId, needId))).map((h) => h.startDate.toISOString()).sort();
  const feed = async () =>
    (
      await world.request('GET', `/v1/villages/${cast.village.id}/actions?per_page=50&page=1&sort=-created_at`, {
        token: cast.creator.token,
      })
    ).body.data as { type: string; villager_id: string; data: Record<string, unknown> }[];
  const released = async () => (await feed()).filter((a) => a.type === 'help_released');
  return { ...cast, needId, held, edit, left, released };
}

describe('editing a schedule', () => {
  it('releases a future taken slot the new rule drops, tells its helper, and never touches the past', async () => {
    const s = await scene();
    // Monday 23 is over; the helper keeps it in the history.
    world.clock.set(new Date('2026-11-24T09:00:00Z'));
    const res = await s.edit({ schedule: { ...WEEKLY, rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4' } });
    expect(res.status).toBe(200);
    expect(res.body.data.schedule).toEqual({ ...WEEKLY, rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4', exdates: [] });
    expect(await s.left()).toEqual([MON_23, FRI_27]);

    const released = await s.released();
    expect(released.map((a) => a.data.start_date).sort()).toEqual([WED_25, MON_30]);
    expect(released.find((a) => a.data.start_date === WED_25)).toEqual(
      expect.objectContaining({
        villager_id: s.village.creatorVillagerId,
        data: {
          help_id: s.held[WED_25],
          need_id: s.needId,
          need_name: 'Dîner',
          helper_id: s.helperVillager,
          helper_first_name: 'Hugo',
          start_date: WED_25,
        },
      }),
    );
    const jobs = await world.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.villageId, s.village.id), eq(pushJobs.kind, 'help_released')));
    expect(jobs).toHaveLength(2);
    const job = jobs.find((j) => (j.data as { start_date: string }).start_date === WED_25)!;
    const deliveries = await composeJob(
      world.db,
      { villageId: s.village.id, kind: job.kind, data: job.data as Record<string, unknown> },
      world.clock.now(),
    );
    expect(deliveries.map((d) => d.userId)).toEqual([s.helper.id]);
    expect(deliveries[0].payload.body).toMatch(
      /^Votre créneau «\u00a0Dîner\u00a0» du mercredi 25\u00a0novembre( 2026)?, 19\u00a0h a été annulé par Claire\.$/,
    );
    // The released slots' reminders are gone, the kept ones' are not.
    const reminders = (await world.db.select().from(pushJobs).where(eq(pushJobs.villageId, s.village.id)))
      .map((j) => j.key)
      .filter(Boolean);
    expect(reminders).not.toContain(`hour:${s.held[WED_25]}`);
    expect(reminders).toContain(`hour:${s.held[FRI_27]}`);
  });

  it('releases a taken slot when its date is cancelled, and moves the end of the others with the duration', async () => {
    const s = await scene();
    const res = await s.edit({ schedule: { ...WEEKLY, duration_minutes: 120, exdates: ['2026-11-27T19:00'] } });
    expect(res.status).toBe(200);
    expect(await s.left()).toEqual([MON_23, WED_25, MON_30]);
    expect((await s.released()).map((a) => a.data.help_id)).toEqual([s.held[FRI_27]]);
    const [monday] = await world.db.select().from(helps).where(eq(helps.id, s.held[MON_23]));
    expect(monday.endDate?.toISOString()).toBe('2026-11-23T20:00:00.000Z');
  });

  it('releases every future slot when the time changes', async () => {
    const s = await scene();
    expect((await s.edit({ schedule: { ...WEEKLY, dtstart: '2026-11-23T18:30' } })).status).toBe(200);
    expect(await s.left()).toEqual([]);
    expect(await s.released()).toHaveLength(4);
  });

  it('keeps the helps when the schedule is removed or left out of the update', async () => {
    const s = await scene();
    const renamed = await s.edit({ name: 'Dîner du soir', diet: 'Sans noix' });
    expect(renamed.body.data).toMatchObject({
      name: 'Dîner du soir',
      diet: 'Sans noix',
      address: '3 rue des Lilas, Lyon',
      schedule: WEEKLY,
    });
    const unscheduled = await s.edit({ schedule: null, address: null });
    expect(unscheduled.status).toBe(200);
    expect(unscheduled.body.data).toMatchObject({ schedule: null, address: null, diet: 'Sans noix' });
    expect(await s.left()).toEqual([MON_23, WED_25, FRI_27, MON_30]);
    expect(await s.released()).toEqual([]);
  });
});

describe('a need’s practical details', () => {
  it('are stored on creation and answered with the village', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: {
        villager_id: village.creatorVillagerId,
        name: 'Dîner',
        schedule: {
          dtstart: '2026-11-23T19:00',
          duration_minutes: 60,
          exdates: ['2026-11-25T19:00', '2026-11-24T19:00', '2026-11-25T19:00'],
        },
        address: ' 3 rue des Lilas ',
        access: 'Code 1234B, 2e étage',
        people: 4,
        diet: 'Sans noix',
      },
    });
    expect(res.status).toBe(201);
    const expected = {
      schedule: {
        dtstart: '2026-11-23T19:00',
        duration_minutes: 60,
        rrule: null,
        exdates: ['2026-11-24T19:00', '2026-11-25T19:00'],
        places: 1,
      },
      address: '3 rue des Lilas',
      access: 'Code 1234B, 2e étage',
      people: 4,
      diet: 'Sans noix',
    };
    expect(res.body.data).toMatchObject(expected);
    const read = await world.request('GET', `/v1/villages/${village.id}?include=needs`, { token: creator.token });
    expect(read.body.data.needs[0]).toMatchObject(expected);
    const plain = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    expect(plain.body.data).toMatchObject({ schedule: null, address: null, access: null, people: null, diet: null });
  });
});

describe("changing the village's time zone", () => {
  it('moves every slot: the helps no longer on one are released and told, as for a schedule edit', async () => {
    const s = await scene();
    const res = await world.request('PUT', `/v1/villages/${s.village.id}`, {
      token: s.creator.token,
      json: { updater_id: s.village.creatorVillagerId, time_zone: 'America/New_York' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.time_zone).toBe('America/New_York');
    // 19:00 in New York is not 18:00 UTC: every held slot went.
    expect(await s.left()).toEqual([]);
    expect((await s.released()).map((a) => a.data.start_date).sort()).toEqual([MON_23, WED_25, FRI_27, MON_30]);
    // The same zone again changes nothing.
    const again = await world.request('PUT', `/v1/villages/${s.village.id}`, {
      token: s.creator.token,
      json: { updater_id: s.village.creatorVillagerId, time_zone: 'America/New_York' },
    });
    expect(again.status).toBe(200);
    expect(await s.released()).toHaveLength(4);
  });
});
