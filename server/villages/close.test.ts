import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helps, mailJobs, villages } from '../db/schema';
import { addScheduledNeed } from '../test/schedules';
import { createWorld, type TestUser } from '../test/world';
import { weeklySummaryProducer } from '../mail/kinds/weekly-summary-producer';

const world = await createWorld();
const DAY_MS = 24 * 3600_000;
const CLOSED = 'Ce village est clôturé.';

type Village = Awaited<ReturnType<typeof world.village>>;

const inDays = (days: number) => new Date(world.clock.now().getTime() + days * DAY_MS).toISOString();

const close = (village: Village, who: TestUser, closerId: string, message?: string) =>
  world.request('PUT', `/v1/villages/${village.id}/close`, { token: who.token, json: { closer_id: closerId, message } });

const reopen = (village: Village, who: TestUser, villagerId: string) =>
  world.request('PUT', `/v1/villages/${village.id}/reopen`, { token: who.token, json: { villager_id: villagerId } });

async function addNeed(village: Village, who: TestUser, villagerId: string) {
  return world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: who.token,
    json: { villager_id: villagerId, name: 'Courses' },
  });
}

async function takeHelp(village: Village, needId: string, who: TestUser, helperId: string, start: string) {
  return world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
    token: who.token,
    json: { helper_id: helperId, start_date: start },
  });
}

describe('closing a village', () => {
  it('is for its organisers: the creator closes it (200, with the last word), a helper gets a 403', async () => {
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const refused = await close(village, helper, helperVillager, 'Au revoir');
    expect(refused.status).toBe(403);
    const closed = await close(village, creator, village.creatorVillagerId, 'Merci pour tout');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.closed_at).toBe(world.clock.now().toISOString());
    expect(closed.body.data.closed_message).toBe('Merci pour tout');
    // The spec's states keep their meaning: a closed village is still a started one.
    expect(closed.body.data.state).toBe(3);
    const again = await close(village, creator, village.creatorVillagerId);
    expect(again.status).toBe(409);
  });

  it('refuses a new need, a help, a message and a join with a French 409, and still reads for its members', async () => {
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const need = await addNeed(village, creator, village.creatorVillagerId);
    expect(need.status).toBe(201);
    expect((await close(village, creator, village.creatorVillagerId)).status).toBe(200);

    const newNeed = await addNeed(village, creator, village.creatorVillagerId);
    expect(newNeed.status).toBe(409);
    expect(newNeed.body.message).toBe(CLOSED);
    const help = await takeHelp(village, need.body.data.id, helper, helperVillager, inDays(2));
    expect(help.status).toBe(409);
    expect(help.body.message).toBe(CLOSED);
    const message = await world.request('POST', `/v1/villages/${village.id}/messages`, {
      token: helper.token,
      json: { villager_id: helperVillager, body: 'Bonjour' },
    });
    expect(message.status).toBe(409);
    expect(message.body.message).toBe(CLOSED);
    const newcomer = await world.user('Lina');
    const join = await world.request('PUT', '/v1/villages/join/helper', { token: newcomer.token, json: { share_code: village.shareCode } });
    expect(join.status).toBe(409);
    expect(join.body.message).toBe(CLOSED);

    const read = await world.request('GET', `/v1/villages/${village.id}?include=needs`, { token: helper.token });
    expect(read.status).toBe(200);
    expect(read.body.data.closed_at).not.toBeNull();
    expect(read.body.data.needs).toHaveLength(1);
    const chat = await world.request('GET', `/v1/villages/${village.id}/messages`, { token: helper.token });
    expect(chat.status).toBe(200);
  });

  it('releases the future helps of every member and keeps the past ones', async () => {
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const needId = (await addNeed(village, creator, village.creatorVillagerId)).body.data.id as string;
    const past = await takeHelp(village, needId, helper, helperVillager, inDays(1));
    expect(past.status, JSON.stringify(past.body)).toBe(201);
    expect((await takeHelp(village, needId, helper, helperVillager, inDays(5))).status).toBe(201);
    expect((await takeHelp(village, needId, creator, village.creatorVillagerId, inDays(6))).status).toBe(201);
    world.clock.advance(2 * DAY_MS);
    expect((await close(village, creator, village.creatorVillagerId)).status).toBe(200);
    const left = await world.db.select({ id: helps.id }).from(helps).where(eq(helps.villageId, village.id));
    expect(left.map((h) => h.id)).toEqual([past.body.data.id]);
  });

  it('queues one « merci à tous » mail for each active member, with the last word, and no second one', async () => {
    const { creator, helper, village } = await world.villageWithHelper();
    expect((await close(village, creator, village.creatorVillagerId, 'Merci à tous, vraiment')).status).toBe(200);
    const mails = await world.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.kind, 'village_closed'), like(mailJobs.key, `village_closed:${village.id}:%`)));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([creator.email, helper.email].sort());
    expect(mails[0].payload).toMatchObject({
      closer_name: 'Claire',
      message: 'Merci à tous, vraiment',
      village_name: 'Le village de Jeanne',
    });
    expect((await close(village, creator, village.creatorVillagerId, 'Encore')).status).toBe(409);
    const after = await world.db
      .select()
      .from(mailJobs)
      .where(like(mailJobs.key, `village_closed:${village.id}:%`));
    expect(after).toHaveLength(2);
  });

  it('reopens within 30 days, then takes writes again; the creator only, not a helper', async () => {
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    expect((await close(village, creator, village.creatorVillagerId)).status).toBe(200);
    world.clock.advance(29 * DAY_MS);
    expect((await reopen(village, helper, helperVillager)).status).toBe(403);
    const reopened = await reopen(village, creator, village.creatorVillagerId);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data.closed_at).toBeNull();
    expect((await addNeed(village, creator, village.creatorVillagerId)).status).toBe(201);
    expect((await reopen(village, creator, village.creatorVillagerId)).status).toBe(409);
  });

  it('refuses to reopen after 30 days, in French', async () => {
    const { creator, village } = await world.villageWithHelper();
    expect((await close(village, creator, village.creatorVillagerId)).status).toBe(200);
    // 31 days ago, written directly: a session unused for 30 days has ended, so the clock cannot just move on.
    const longAgo = new Date(world.clock.now().getTime() - 31 * DAY_MS);
    await world.db.update(villages).set({ closedAt: longAgo }).where(eq(villages.id, village.id));
    const late = await reopen(village, creator, village.creatorVillagerId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Ce village a été clôturé il y a plus de 30\u00a0jours\u00a0: il ne peut plus être rouvert.');
  });

  it("is skipped by the producers: the organisers' weekly summary goes for an open village, not for a closed one", async () => {
    world.clock.set(new Date('2026-11-30T09:00:00Z'));
    const open = await world.villageWithHelper();
    const closed = await world.villageWithHelper();
    for (const { creator, village } of [open, closed]) {
      await addScheduledNeed(world, creator, village, {
        dtstart: '2026-12-08T19:00',
        duration_minutes: 60,
        rrule: 'FREQ=DAILY;COUNT=5',
        places: 1,
      });
    }
    expect((await close(closed.village, closed.creator, closed.village.creatorVillagerId)).status).toBe(200);
    // Sunday 6 December at 18 h in Paris.
    world.clock.set(new Date('2026-12-06T17:00:00Z'));
    await weeklySummaryProducer.run(world.db, world.clock.now());
    const keys = async (villagerId: string) =>
      (
        await world.db
          .select()
          .from(mailJobs)
          .where(like(mailJobs.key, `weekly:${villagerId}:%`))
      ).length;
    expect(await keys(open.village.creatorVillagerId)).toBe(1);
    expect(await keys(closed.village.creatorVillagerId)).toBe(0);
  });
});
