import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushJobs } from '../db/schema';
import { composeJob } from '../push/compose';
import { text as T } from '../http/errors';
import { createWorld } from '../test/world';
import { addScheduledNeed, take } from '../test/schedules';

const world = await createWorld();
const NOW = new Date('2026-11-20T09:00:00Z');
// Dinner every evening at 19:00 in Paris from tomorrow: 18:00 UTC.
const TOMORROW = '2026-11-21T18:00:00.000Z';
const IN_FIVE_DAYS = '2026-11-25T18:00:00.000Z';

async function scene() {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  const needId = await addScheduledNeed(world, cast.creator, cast.village, {
    dtstart: '2026-11-21T19:00',
    duration_minutes: 60,
    rrule: 'FREQ=DAILY;COUNT=30',
    places: 2,
  });
  const takeAs = async (start: string) => {
    const res = await take(world, cast.helper, cast.helperVillager, { villageId: cast.village.id, needId }, start);
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const withdraw = (helpId: string, as = cast.helper, villagerId = cast.helperVillager) =>
    world.request('DELETE', `/v1/villages/${cast.village.id}/helps/${helpId}?villager_id=${villagerId}`, { token: as.token });
  const feed = async () =>
    (
      await world.request('GET', `/v1/villages/${cast.village.id}/actions?per_page=50&page=1&sort=-created_at`, {
        token: cast.creator.token,
      })
    ).body.data as { type: string; villager_id: string; data: Record<string, unknown> }[];
  const jobs = (kind: string) =>
    world.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.villageId, cast.village.id), eq(pushJobs.kind, kind)));
  return { ...cast, needId, takeAs, withdraw, feed, jobs };
}

describe('withdrawing from a slot', () => {
  it('less than 48 hours ahead: flagged to the organisers in the feed and by push', async () => {
    const s = await scene();
    const helpId = await s.takeAs(TOMORROW);
    expect((await s.withdraw(helpId)).status).toBe(204);
    const actions = await s.feed();
    expect(actions.map((a) => a.type)).not.toContain('help_deleted');
    expect(actions.find((a) => a.type === 'help_withdrawn_late')).toEqual(
      expect.objectContaining({
        villager_id: s.helperVillager,
        data: { help_id: helpId, need_id: s.needId, need_name: 'Dîner', start_date: TOMORROW },
      }),
    );
    const [job] = await s.jobs('help_withdrawn_late');
    expect(job.data).toMatchObject({ help_id: helpId, helper_id: s.helperVillager, start_date: TOMORROW });
    // Its reminders went with it.
    expect(
      await world.db
        .select()
        .from(pushJobs)
        .where(eq(pushJobs.key, `evening:${helpId}`)),
    ).toEqual([]);

    const deliveries = await composeJob(
      world.db,
      { villageId: s.village.id, kind: job.kind, data: job.data as Record<string, unknown> },
      NOW,
    );
    expect(deliveries.map((d) => d.userId)).toEqual([s.creator.id]);
    expect(deliveries[0].payload).toMatchObject({
      kind: 'help_withdrawn_late',
      title: 'Créneau à pourvoir · Village de Jeanne',
      // The year is said only when it is not the current one.
      body: expect.stringMatching(
        /^Hugo ne pourra pas assurer «\u00a0Dîner\u00a0», samedi 21\u00a0novembre( 2026)?, 19\u00a0h\u00a0: le créneau est à nouveau à pourvoir\.$/,
      ),
      url: `/dashboard/villages/${s.village.id}/needs/${s.needId}/helps`,
    });
  });

  it('earlier, or removed by an organiser: a plain withdrawal', async () => {
    const s = await scene();
    const early = await s.takeAs(IN_FIVE_DAYS);
    expect((await s.withdraw(early)).status).toBe(204);
    const soon = await s.takeAs(TOMORROW);
    expect((await s.withdraw(soon, s.creator, s.village.creatorVillagerId)).status).toBe(204);
    const actions = await s.feed();
    expect(
      actions
        .filter((a) => a.type === 'help_deleted')
        .map((a) => a.data.help_id)
        .sort(),
    ).toEqual([early, soon].sort());
    expect(actions.map((a) => a.type)).not.toContain('help_withdrawn_late');
    expect(await s.jobs('help_withdrawn_late')).toEqual([]);
  });
});

describe('the note on a help', () => {
  it('is changed by its helper only', async () => {
    const s = await scene();
    const helpId = await s.takeAs(IN_FIVE_DAYS);
    const path = `/v1/villages/${s.village.id}/helps/${helpId}`;
    const changed = await world.request('PUT', path, {
      token: s.helper.token,
      json: { updater_id: s.helperVillager, comment: "  J'apporte une soupe " },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: helpId,
      comment: "J'apporte une soupe",
      start_date: IN_FIVE_DAYS,
      village_need: { id: s.needId },
    });

    const byOrganiser = await world.request('PUT', path, {
      token: s.creator.token,
      json: { updater_id: s.village.creatorVillagerId, comment: 'Non' },
    });
    expect(byOrganiser.status).toBe(403);
    expect(byOrganiser.body.message).toBe(T.notYourHelp);
    const asSomeoneElse = await world.request('PUT', path, {
      token: s.creator.token,
      json: { updater_id: s.helperVillager, comment: 'Non' },
    });
    expect(asSomeoneElse.status).toBe(403);

    const village = await world.request('GET', `/v1/villages/${s.village.id}?include=helps`, { token: s.creator.token });
    expect(village.body.data.helps.find((h: { id: string }) => h.id === helpId).comment).toBe("J'apporte une soupe");
    const cleared = await world.request('PUT', path, { token: s.helper.token, json: { updater_id: s.helperVillager, comment: '' } });
    expect(cleared.body.data.comment).toBeNull();
  });

  it('is left as it is by a body without `comment` (optional, as every field a PUT leaves out), answered 200 with the help', async () => {
    const s = await scene();
    const helpId = await s.takeAs(IN_FIVE_DAYS);
    const path = `/v1/villages/${s.village.id}/helps/${helpId}`;
    await world.request('PUT', path, { token: s.helper.token, json: { updater_id: s.helperVillager, comment: 'Soupe' } });
    const unchanged = await world.request('PUT', path, { token: s.helper.token, json: { updater_id: s.helperVillager } });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data).toMatchObject({ id: helpId, comment: 'Soupe', start_date: IN_FIVE_DAYS, village_need: { id: s.needId } });
    // Still the helper's own help only: the check comes before "nothing to change".
    const byOrganiser = await world.request('PUT', path, { token: s.creator.token, json: { updater_id: s.village.creatorVillagerId } });
    expect(byOrganiser.status).toBe(403);
  });

  it('answers 404 for a help of another village', async () => {
    const s = await scene();
    const other = await scene();
    const helpId = await other.takeAs(IN_FIVE_DAYS);
    const res = await world.request('PUT', `/v1/villages/${s.village.id}/helps/${helpId}`, {
      token: s.helper.token,
      json: { updater_id: s.helperVillager, comment: 'Soupe' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(T.helpNotFound);
  });
});
