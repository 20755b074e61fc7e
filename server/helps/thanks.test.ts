import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, pushJobs } from '../db/schema';
import { composeJob } from '../push/compose';
import { parseMail } from '../test/parse-mail';
import { type TestUser } from '../test/world';
import { addScheduledNeed, take } from '../test/schedules';
import { createSmtpWorld } from '../test/smtp-world';
import { THANKS_MESSAGE_MAX } from '../../src/contract/help-thanks';

const { smtp, world, sender } = await createSmtpWorld();

const NOW = new Date('2026-11-20T09:00:00Z');
// Jeudi 26 novembre 2026, 19 h – 21 h in Paris.
const THURSDAY_19H = '2026-11-26T18:00:00.000Z';
const THURSDAY_21H = '2026-11-26T20:00:00.000Z';
// Between the help's start and its end: not over yet.
const THURSDAY_20H = new Date('2026-11-26T19:00:00Z');
const FRIDAY = new Date('2026-11-27T09:00:00Z');

/** Claire's village, Hugo's help on Thursday evening (taken the week before), and Inès, another helper. */
async function scene() {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  const other = await world.user('Inès');
  const otherVillager = await world.join(other, cast.village.shareCode);
  const needId = await addScheduledNeed(world, cast.creator, cast.village, null, { name: 'Dîner chez Jeanne' });
  const taken = await take(world, cast.helper, cast.helperVillager, { villageId: cast.village.id, needId }, THURSDAY_19H, {
    end_date: THURSDAY_21H,
  });
  expect(taken.status).toBe(201);
  const helpId: string = taken.body.data.id;
  const base = `/v1/villages/${cast.village.id}`;
  const done = (who: TestUser, villagerId: string) =>
    world.request('PUT', `${base}/helps/${helpId}/done`, { token: who.token, json: { villager_id: villagerId } });
  const thank = (who: TestUser, json: Record<string, unknown>, headers?: Record<string, string>) =>
    world.request('POST', `${base}/helps/${helpId}/thanks`, { token: who.token, json, headers });
  const thanksMails = () =>
    world.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.userId, cast.helper.id), eq(mailJobs.kind, 'thanks')));
  return { ...cast, other, otherVillager, needId, helpId, base, done, thank, thanksMails };
}

const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

describe('saying a help was done', () => {
  it('is refused in French before its time has passed, even during it', async () => {
    const s = await scene();
    for (const at of [NOW, THURSDAY_20H]) {
      world.clock.set(at);
      const res = await s.done(s.creator, s.village.creatorVillagerId);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Ce créneau n’est pas encore passé/);
    }
  });

  it('is said by its helper or an organiser once past, shows in the help, and a second time keeps the first moment', async () => {
    const s = await scene();
    world.clock.set(FRIDAY);
    const first = await s.done(s.helper, s.helperVillager);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: s.helpId, done_at: FRIDAY.toISOString(), thanks_count: 0, thanks_message: null });
    world.clock.set(new Date(FRIDAY.getTime() + 3600_000));
    const again = await s.done(s.creator, s.village.creatorVillagerId);
    expect(again.status).toBe(200);
    expect(again.body.data.done_at).toBe(FRIDAY.toISOString());
    const listed = await world.request('GET', `${s.base}/helps?before=2026-12-01T00:00:00Z`, { token: s.other.token });
    expect(listed.body.data[0]).toMatchObject({ id: s.helpId, done_at: FRIDAY.toISOString() });
  });

  it('is refused with a 403 in French to another helper and to someone outside the village', async () => {
    const s = await scene();
    world.clock.set(FRIDAY);
    const byOther = await s.done(s.other, s.otherVillager);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe('Seule la personne qui a aidé, ou celles qui organisent le village, peuvent dire que c’est fait.');
    const stranger = await world.user('Zoé');
    const byStranger = await s.done(stranger, s.otherVillager);
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.message).toMatch(/[éèà]/);
    expect((await s.done(s.helper, s.helperVillager)).body.data.done_at).toBe(FRIDAY.toISOString());
  });
});

describe('thanking a helper', () => {
  it('mails the helper once who thanked, for which help and the word, and pushes it', async () => {
    const s = await scene();
    world.clock.set(FRIDAY);
    const headers = { 'Idempotency-Key': 'thanks-once' };
    const res = await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId, message: 'La soupe était parfaite\u00a0!' }, headers);
    expect(res.status).toBe(201);
    // Thanked is done too, with the word.
    expect(res.body.data).toMatchObject({
      done_at: FRIDAY.toISOString(),
      thanks_count: 1,
      thanks_message: 'La soupe était parfaite\u00a0!',
    });
    const replay = await s.thank(
      s.creator,
      { thanker_id: s.village.creatorVillagerId, message: 'La soupe était parfaite\u00a0!' },
      headers,
    );
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body.data.thanks_count).toBe(1);

    expect(await s.thanksMails()).toHaveLength(1);
    await sender.runDue();
    // Beside the confirmation of the help taken the week before.
    const [mail, ...more] = receivedBy(s.helper.email).filter((m) => m.headers.get('subject')?.includes('remercie'));
    expect(more).toHaveLength(0);
    expect(mail.headers.get('subject')).toBe('Claire vous remercie pour «\u00a0Dîner chez Jeanne\u00a0»');
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain('Bonjour Hugo,');
      expect(part).toContain('jeudi 26\u00a0novembre');
      expect(part).toContain('19\u00a0h');
      expect(part).toContain('La soupe était parfaite\u00a0!');
    }
    expect(receivedBy(s.creator.email).filter((m) => m.headers.get('subject')?.includes('remercie'))).toHaveLength(0);

    const [job] = await world.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.villageId, s.village.id), eq(pushJobs.kind, 'help_thanked')));
    const deliveries = await composeJob(
      world.db,
      { villageId: s.village.id, kind: job.kind, data: job.data as Record<string, unknown> },
      FRIDAY,
    );
    expect(deliveries.map((d) => d.userId)).toEqual([s.helper.id]);
    expect(deliveries[0].payload.body).toBe(
      'Claire vous remercie pour «\u00a0Dîner chez Jeanne\u00a0»\u00a0: «\u00a0La soupe était parfaite\u00a0!\u00a0»',
    );
  });

  it('by the person helped, without a word: the mail says who, without a quote', async () => {
    const s = await scene();
    const needy = await world.user('Jeanne');
    const needyVillager = await world.join(needy, s.village.shareCode);
    await world.makeNeedy(needyVillager);
    world.clock.set(FRIDAY);
    const res = await s.thank(needy, { thanker_id: needyVillager });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ thanks_count: 1, thanks_message: null });
    const [job] = await s.thanksMails();
    expect(job.payload).toMatchObject({ thanker_name: 'Jeanne', message: null, need_name: 'Dîner chez Jeanne' });
  });

  it('is refused to a plain helper (403) and on a help not past yet (409), in French, and changes nothing', async () => {
    const s = await scene();
    world.clock.set(FRIDAY);
    const byHelper = await s.thank(s.other, { thanker_id: s.otherVillager, message: 'Bravo' });
    expect(byHelper.status).toBe(403);
    expect(byHelper.body.message).toBe('Seules les personnes qui organisent le village, et la personne aidée, peuvent remercier.');
    world.clock.set(THURSDAY_20H);
    const early = await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Ce créneau n’est pas encore passé/);
    expect(await s.thanksMails()).toEqual([]);
  });

  it('sends no mail to a helper who turned thanks off by e-mail, yet records the thanks', async () => {
    const s = await scene();
    const off = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: s.helper.token,
      json: { email: { thanks: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.email.thanks).toBe(false);
    world.clock.set(FRIDAY);
    const res = await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId, message: 'Merci' });
    expect(res.status).toBe(201);
    expect(res.body.data.thanks_count).toBe(1);
    expect(await s.thanksMails()).toEqual([]);
  });

  it('still mails a helper who muted the village: the thanks is about their own help', async () => {
    const s = await scene();
    const muted = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: s.helper.token,
      json: { muted_village_ids: [s.village.id] },
    });
    expect(muted.status).toBe(200);
    world.clock.set(FRIDAY);
    expect((await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId })).status).toBe(201);
    expect(await s.thanksMails()).toHaveLength(1);
  });

  it('answers bad inputs with a French 4xx, never a 500', async () => {
    const s = await scene();
    world.clock.set(FRIDAY);
    const long = 'a'.repeat(THANKS_MESSAGE_MAX + 1);
    const cases: Array<[string, string, unknown]> = [
      ['POST', `${s.base}/helps/${s.helpId}/thanks`, { thanker_id: s.village.creatorVillagerId, message: long }],
      ['POST', `${s.base}/helps/${s.helpId}/thanks`, { thanker_id: 'pas-un-id' }],
      ['POST', `${s.base}/helps/${s.helpId}/thanks`, { thanker_id: s.village.creatorVillagerId, message: 42 }],
      ['POST', `${s.base}/helps/${s.helpId}/thanks`, { thanker_id: s.village.creatorVillagerId, extra: true }],
      ['POST', `${s.base}/helps/${s.helpId}/thanks`, []],
      ['POST', `${s.base}/helps/pas-un-id/thanks`, { thanker_id: s.village.creatorVillagerId }],
      ['POST', `${s.base}/helps/${s.village.id}/thanks`, { thanker_id: s.village.creatorVillagerId }],
      ['PUT', `${s.base}/helps/${s.helpId}/done`, {}],
      ['PUT', `${s.base}/helps/${s.helpId}/done`, { villager_id: null }],
      ['POST', `${s.base}/thanks`, { thanker_id: s.village.creatorVillagerId, message: long }],
      ['POST', `/v1/villages/pas-un-id/thanks`, { thanker_id: s.village.creatorVillagerId }],
    ];
    for (const [method, path, json] of cases) {
      const res = await world.request(method, path, { token: s.creator.token, json });
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toMatch(/[a-zà-ÿ]/);
      expect(res.body.message).not.toMatch(/error|invalid|expected/i);
    }
    // The bound is said in the specification's own words.
    const tooLong = await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId, message: long });
    expect(JSON.stringify(tooLong.body)).toContain(`${THANKS_MESSAGE_MAX} caractères maximum`);
  });
});

describe('Merci à tous', () => {
  it('thanks every helper of the past week not yet thanked, but the thanker, and only organisers may', async () => {
    const s = await scene();
    const second = await take(world, s.other, s.otherVillager, { villageId: s.village.id, needId: s.needId }, THURSDAY_19H, {
      end_date: THURSDAY_21H,
    });
    const mine = await take(world, s.creator, s.village.creatorVillagerId, { villageId: s.village.id, needId: s.needId }, THURSDAY_19H);
    const future = await take(world, s.other, s.otherVillager, { villageId: s.village.id, needId: s.needId }, '2026-12-03T18:00:00.000Z');
    world.clock.set(FRIDAY);
    // Hugo's help thanked already: not thanked again.
    expect((await s.thank(s.creator, { thanker_id: s.village.creatorVillagerId })).status).toBe(201);

    const refused = await world.request('POST', `${s.base}/thanks`, { token: s.other.token, json: { thanker_id: s.otherVillager } });
    expect(refused.status).toBe(403);
    const res = await world.request('POST', `${s.base}/thanks`, {
      token: s.creator.token,
      json: { thanker_id: s.village.creatorVillagerId, message: 'Quelle semaine, merci\u00a0!' },
    });
    expect(res.status).toBe(201);
    const ids = res.body.data.map((h: { id: string }) => h.id);
    expect(ids).toEqual([second.body.data.id]);
    expect(ids).not.toContain(mine.body.data.id);
    expect(ids).not.toContain(future.body.data.id);
    expect(res.body.data[0]).toMatchObject({ thanks_count: 1, thanks_message: 'Quelle semaine, merci\u00a0!' });
    const ines = await world.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.userId, s.other.id), eq(mailJobs.kind, 'thanks')));
    expect(ines).toHaveLength(1);
    // Again: nobody left to thank this week.
    const again = await world.request('POST', `${s.base}/thanks`, {
      token: s.creator.token,
      json: { thanker_id: s.village.creatorVillagerId },
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual([]);
  });
});
