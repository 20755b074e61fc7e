import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actions, helps, mailJobs, pushJobs } from '../db/schema';
import { composeJob } from '../push/compose';
import { mailTemplates } from '../mail/templates';
import { createWorld, type TestUser } from '../test/world';
import { addScheduledNeed, DINNERS, take, WEDNESDAY_17_MARCH } from '../test/schedules';

const world = await createWorld();
// A week before the slot, which starts Wednesday 17 March 2027 at 19 h in Paris.
const NOW = new Date('2027-03-10T09:00:00Z');
const AFTER_START = new Date('2027-03-17T18:30:00Z');

/** Claire's village; Bruno holds Wednesday 17 March's dinner; Inès and Zoé are other helpers. */
async function scene() {
  world.clock.set(NOW);
  const creator = await world.user('Claire');
  const bruno = await world.user('Bruno');
  const ines = await world.user('Inès');
  const zoe = await world.user('Zoé');
  const village = await world.village(creator);
  const brunoId = await world.join(bruno, village.shareCode);
  const inesId = await world.join(ines, village.shareCode);
  const zoeId = await world.join(zoe, village.shareCode);
  const needId = await addScheduledNeed(world, creator, village, DINNERS);
  const taken = await take(world, bruno, brunoId, { villageId: village.id, needId }, WEDNESDAY_17_MARCH);
  expect(taken.status).toBe(201);
  const helpId: string = taken.body.data.id;
  const base = `/v1/villages/${village.id}/helps/${helpId}`;
  const ask = (who: TestUser, helperId: string) =>
    world.request('POST', `${base}/replacement`, { token: who.token, json: { helper_id: helperId } });
  const cancel = (who: TestUser, villagerId: string) =>
    world.request('DELETE', `${base}/replacement?villager_id=${villagerId}`, { token: who.token });
  const takeOver = (who: TestUser, helperId: string) =>
    world.request('POST', `${base}/take-over`, { token: who.token, json: { helper_id: helperId } });
  const slotHelps = () => world.db.select().from(helps).where(eq(helps.villageNeedId, needId));
  const pushes = (kind: string) =>
    world.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.villageId, village.id), eq(pushJobs.kind, kind)));
  const mails = (kind: string) => world.db.select().from(mailJobs).where(eq(mailJobs.kind, kind));
  const feed = (type: string) =>
    world.db
      .select()
      .from(actions)
      .where(and(eq(actions.villageId, village.id), eq(actions.type, type)));
  return {
    creator,
    bruno,
    ines,
    zoe,
    village,
    brunoId,
    inesId,
    zoeId,
    needId,
    helpId,
    ask,
    cancel,
    takeOver,
    slotHelps,
    pushes,
    mails,
    feed,
  };
}

/** Whom a queued push reaches, by user id, with the body they read. */
async function delivered(villageId: string, kind: string, data: Record<string, unknown>) {
  const deliveries = await composeJob(world.db, { villageId, kind, data }, world.clock.now());
  return new Map(deliveries.map((d) => [d.userId, d.payload.body]));
}

describe('asking for a replacement', () => {
  it('keeps the slot with its helper, says so in the help, and tells the circle by feed, push and mail', async () => {
    const s = await scene();
    const res = await s.ask(s.bruno, s.brunoId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: s.helpId, helper_id: s.brunoId, replacement_asked_at: NOW.toISOString() });
    expect((await s.slotHelps()).map((h) => h.helperId)).toEqual([s.brunoId]);

    const village = await world.request('GET', `/v1/villages/${s.village.id}?include=helps`, { token: s.ines.token });
    const help = village.body.data.helps.find((h: { id: string }) => h.id === s.helpId);
    expect(help.replacement_asked_at).toBe(NOW.toISOString());

    const [action] = await s.feed('help_replacement_asked');
    expect(action.villagerId).toBe(s.brunoId);
    expect(action.data).toMatchObject({ help_id: s.helpId, need_name: 'Dîner', start_date: WEDNESDAY_17_MARCH });

    const [push] = await s.pushes('help_replacement_asked');
    const told = await delivered(s.village.id, 'help_replacement_asked', push.data as Record<string, unknown>);
    expect([...told.keys()].sort()).toEqual([s.creator.id, s.ines.id, s.zoe.id].sort());
    expect(told.get(s.ines.id)).toBe('Bruno cherche quelqu’un pour «\u00a0Dîner\u00a0», mercredi 17\u00a0mars 2027, 19\u00a0h.');

    const mails = await s.mails('replacement_asked');
    expect(mails.map((m) => m.userId).sort()).toEqual([s.creator.id, s.ines.id, s.zoe.id].sort());
    const mail = mailTemplates.replacement_asked.render(mails[0].payload as never, { publicUrl: 'http://x', now: NOW });
    expect(mail.subject).toBe('Bruno cherche quelqu’un pour «\u00a0Dîner\u00a0»');
    expect(mail.text).toContain('Si vous pouvez y aller\u00a0:');
    expect(mail.text).toContain(`/needs/${s.needId}`);
  });

  it('asked twice answers 201 as the first time and tells the circle once', async () => {
    const s = await scene();
    expect((await s.ask(s.bruno, s.brunoId)).status).toBe(201);
    world.clock.set(new Date(NOW.getTime() + 3600_000));
    const again = await s.ask(s.bruno, s.brunoId);
    expect(again.status).toBe(201);
    expect(again.body.data.replacement_asked_at).toBe(NOW.toISOString());
    expect(await s.pushes('help_replacement_asked')).toHaveLength(1);
    expect(await s.feed('help_replacement_asked')).toHaveLength(1);
  });

  it('is refused to another helper (403), to someone outside the village (403) and for a help started or past (409)', async () => {
    const s = await scene();
    const other = await s.ask(s.ines, s.inesId);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Seule la personne qui a pris ce créneau peut chercher quelqu’un pour la remplacer.');
    // Not even an organiser asks in the helper's name: the helper keeps the slot, so it is theirs to ask.
    expect((await s.ask(s.creator, s.village.creatorVillagerId)).status).toBe(403);
    const stranger = await world.user('Yann');
    expect((await s.ask(stranger, s.inesId)).status).toBe(403);
    world.clock.set(AFTER_START);
    const late = await s.ask(s.bruno, s.brunoId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Ce créneau a déjà commencé\u00a0: il n’est plus temps de chercher un remplaçant.');
    expect((await s.slotHelps())[0].replacementAskedAt).toBeNull();
  });

  it('is taken back by its helper (the help no longer asks), after which a take-over is refused', async () => {
    const s = await scene();
    await s.ask(s.bruno, s.brunoId);
    expect((await s.cancel(s.ines, s.inesId)).status).toBe(403);
    const res = await s.cancel(s.bruno, s.brunoId);
    expect(res.status).toBe(200);
    expect(res.body.data.replacement_asked_at).toBeNull();
    const refused = await s.takeOver(s.ines, s.inesId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Bruno n’a pas demandé de remplaçant pour ce créneau.');
  });
});

describe('taking over', () => {
  it('moves the slot to the taker in one step, tells the first helper and the organisers, and confirms to the taker', async () => {
    const s = await scene();
    await s.ask(s.bruno, s.brunoId);
    world.clock.set(new Date(NOW.getTime() + 60_000));
    const res = await s.takeOver(s.ines, s.inesId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      helper_id: s.inesId,
      start_date: WEDNESDAY_17_MARCH,
      end_date: '2027-03-17T19:30:00.000Z',
      replacement_asked_at: null,
      village_need: { id: s.needId },
    });
    const rows = await s.slotHelps();
    expect(rows.map((h) => [h.id, h.helperId])).toEqual([[res.body.data.id, s.inesId]]);

    const [action] = await s.feed('help_taken_over');
    expect(action.villagerId).toBe(s.inesId);
    expect(action.data).toMatchObject({ old_help_id: s.helpId, from_helper_id: s.brunoId, from_first_name: 'Bruno' });

    const [push] = await s.pushes('help_taken_over');
    const told = await delivered(s.village.id, 'help_taken_over', push.data as Record<string, unknown>);
    expect([...told.keys()].sort()).toEqual([s.bruno.id, s.creator.id].sort());
    expect(told.get(s.bruno.id)).toBe('Inès prend le relais de Bruno pour «\u00a0Dîner\u00a0», mercredi 17\u00a0mars 2027, 19\u00a0h.');
    // Bruno's reminders went with his help; Inès has hers.
    const keys = (await world.db.select({ key: pushJobs.key }).from(pushJobs)).map((row) => row.key);
    expect(keys).not.toContain(`evening:${s.helpId}`);
    expect(keys).toContain(`evening:${res.body.data.id}`);

    const taken = await s.mails('replacement_taken');
    expect(taken.map((m) => m.userId).sort()).toEqual([s.bruno.id, s.creator.id].sort());
    const brunoMail = taken.find((m) => m.userId === s.bruno.id)!;
    expect(mailTemplates.replacement_taken.render(brunoMail.payload as never, { publicUrl: 'http://x', now: NOW }).text).toContain(
      'Inès prend votre créneau «\u00a0Dîner\u00a0»',
    );
    const confirmations = await world.db.select().from(mailJobs).where(eq(mailJobs.kind, 'help_confirmation'));
    expect(confirmations.filter((m) => m.userId === s.ines.id)).toHaveLength(1);
  });

  it('gives a second taker a 409 naming who took it, and changes nothing', async () => {
    const s = await scene();
    await s.ask(s.bruno, s.brunoId);
    expect((await s.takeOver(s.ines, s.inesId)).status).toBe(201);
    const second = await s.takeOver(s.zoe, s.zoeId);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Inès a déjà pris le relais.');
    expect((await s.slotHelps()).map((h) => h.helperId)).toEqual([s.inesId]);
  });

  it('two takers at once: one has the slot, the other a 409 naming them', async () => {
    const s = await scene();
    await s.ask(s.bruno, s.brunoId);
    const answers = await Promise.all([s.takeOver(s.ines, s.inesId), s.takeOver(s.zoe, s.zoeId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201)!.body.data.helper_id;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe(winner === s.inesId ? 'Inès a déjà pris le relais.' : 'Zoé a déjà pris le relais.');
    expect((await s.slotHelps()).map((h) => h.helperId)).toEqual([winner]);
  });

  it('is refused without a request, to its own helper, to someone holding the slot already, and for a past slot', async () => {
    const s = await scene();
    const unasked = await s.takeOver(s.ines, s.inesId);
    expect(unasked.status).toBe(409);
    expect(unasked.body.message).toBe('Bruno n’a pas demandé de remplaçant pour ce créneau.');
    await s.ask(s.bruno, s.brunoId);
    expect((await s.takeOver(s.bruno, s.brunoId)).status).toBe(409);
    expect((await take(world, s.zoe, s.zoeId, { villageId: s.village.id, needId: s.needId }, WEDNESDAY_17_MARCH)).status).toBe(201);
    const holder = await s.takeOver(s.zoe, s.zoeId);
    expect(holder.status).toBe(409);
    expect(holder.body.message).toBe('Vous vous occupez déjà de ce créneau.');
    world.clock.set(AFTER_START);
    expect((await s.takeOver(s.ines, s.inesId)).status).toBe(409);
    expect((await s.slotHelps()).map((h) => h.helperId).sort()).toEqual([s.brunoId, s.zoeId].sort());
  });

  it('is refused to someone outside the village (403), in another’s name (403), and for an unknown help (404)', async () => {
    const s = await scene();
    await s.ask(s.bruno, s.brunoId);
    const stranger = await world.user('Yann');
    expect((await s.takeOver(stranger, s.inesId)).status).toBe(403);
    expect((await s.takeOver(s.zoe, s.inesId)).status).toBe(403);
    const unknown = await world.request('POST', `/v1/villages/${s.village.id}/helps/0190a000-0000-7000-8000-000000000001/take-over`, {
      token: s.ines.token,
      json: { helper_id: s.inesId },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cette aide est introuvable.');
    expect((await s.slotHelps()).map((h) => h.helperId)).toEqual([s.brunoId]);
  });
});
