import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs } from '../../db/schema';
import { parseMail, type ParsedMail } from '../../test/parse-mail';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { weeklySummaryProducer } from './weekly-summary-producer';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();
const PUBLIC_URL = MAIL_PUBLIC_URL;

const MINUTE = 60_000;
/** Only this file's producer. */
const produce = () => weeklySummaryProducer.run(world.db, world.clock.now());
const summariesTo = (user: TestUser): ParsedMail[] =>
  smtp.received
    .filter((m) => m.to.includes(user.email))
    .map((m) => parseMail(m.raw))
    .filter((m) => m.headers.get('subject')!.startsWith('Votre semaine'));
const jobsOf = (villagerId: string) =>
  world.db
    .select()
    .from(mailJobs)
    .where(like(mailJobs.key, `weekly:${villagerId}:%`));

/** 19 h in Paris in December (UTC+1) of a day, as the instant a help stores. */
const dinnerAt = (day: number) => new Date(Date.UTC(2026, 11, day, 18)).toISOString();

async function joined(name: string, shareCode: string, options: { verified?: boolean } = {}) {
  const user = await world.user(name, options);
  return { user, villager: await world.join(user, shareCode) };
}

async function coOrganiser(creator: TestUser, village: { id: string; creatorVillagerId: string }, villagerId: string) {
  const res = await world.request('PUT', `/v1/villages/${village.id}/villagers/${villagerId}`, {
    token: creator.token,
    json: { is_manager: true, updater_id: village.creatorVillagerId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("the organisers' weekly summary", () => {
  it('goes on Sunday at 18 h (not before) to each organiser once, with the week covered, open and given back', async () => {
    world.clock.set(new Date('2026-11-30T09:00:00Z'));
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const ines = await joined('Ines', village.shareCode);
    const paul = await joined('Paul', village.shareCode);
    const lea = await joined('Lea', village.shareCode);
    await coOrganiser(creator, village, ines.villager);
    // A dinner every evening from Tuesday 1 to Monday 14 December, two places each.
    const needId = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-12-01T19:00',
      duration_minutes: 90,
      rrule: 'FREQ=DAILY;COUNT=14',
      places: 2,
    });
    const takeOn = async (who: { user: TestUser; villager: string }, day: number) => {
      const res = await take(world, who.user, who.villager, { villageId: village.id, needId }, dinnerAt(day));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    const hugo = { user: helper, villager: helperVillager };
    await takeOn(hugo, 7);
    await takeOn(paul, 7);
    await takeOn(hugo, 8);
    const early = await takeOn(hugo, 10);
    const late = await takeOn(hugo, 3);
    await takeOn(lea, 12);

    // The past week: Hugo gives one back in time, one at the last minute; Léa leaves with her slot.
    world.clock.set(new Date('2026-12-01T10:00:00Z'));
    expect(
      (await world.request('DELETE', `/v1/villages/${village.id}/helps/${early}?villager_id=${helperVillager}`, { token: helper.token }))
        .status,
    ).toBe(204);
    world.clock.set(new Date('2026-12-02T09:00:00Z'));
    expect(
      (await world.request('DELETE', `/v1/villages/${village.id}/helps/${late}?villager_id=${helperVillager}`, { token: helper.token }))
        .status,
    ).toBe(204);
    world.clock.set(new Date('2026-12-04T09:00:00Z'));
    expect(
      (await world.request('PUT', `/v1/villages/${village.id}/villagers/${lea.villager}/leave`, { token: lea.user.token })).status,
    ).toBe(200);

    // Sunday 6 December at 18 h in Paris is 17:00 UTC.
    world.clock.set(new Date('2026-12-06T16:59:00Z'));
    await produce();
    expect(await jobsOf(village.creatorVillagerId)).toHaveLength(0);
    world.clock.set(new Date('2026-12-06T17:00:00Z'));
    await Promise.all([produce(), produce()]);
    world.clock.advance(MINUTE);
    await produce();
    expect((await jobsOf(village.creatorVillagerId)).map((job) => job.key)).toEqual([`weekly:${village.creatorVillagerId}:2026-12-07`]);
    expect(await jobsOf(ines.villager)).toHaveLength(1);
    expect(await jobsOf(helperVillager)).toHaveLength(0);

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(summariesTo(creator)).toHaveLength(1);
    expect(summariesTo(ines.user)).toHaveLength(1);
    expect(summariesTo(helper)).toHaveLength(0);
    expect(summariesTo(paul.user)).toHaveLength(0);

    const [mail] = summariesTo(creator);
    expect(mail.headers.get('subject')).toBe('Votre semaine chez Jeanne\u00a0: 6 créneaux à pourvoir');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    for (const part of [mail.text!, mail.html!.replace(/&#39;/g, "'")]) {
      expect(part).toContain('Bonjour Claire,');
      expect(part).toContain(
        'Voici la semaine du lundi 7\u00a0décembre au dimanche 13\u00a0décembre pour «\u00a0Le village de Jeanne\u00a0».',
      );
      expect(part).toContain('1 créneau pourvu sur 7');
      expect(part).toContain('6 créneaux encore à pourvoir');
      expect(part).toContain('mardi 8\u00a0décembre, 19\u00a0h\u00a0: Dîner (1 place libre sur 2)');
      expect(part).toContain('mercredi 9\u00a0décembre, 19\u00a0h\u00a0: Dîner (2 places libres sur 2)');
      expect(part).toContain('samedi 12\u00a0décembre, 19\u00a0h\u00a0: Dîner (2 places libres sur 2)');
      expect(part).toContain('et 1 autre créneau');
      expect(part).not.toContain('dimanche 13\u00a0décembre, 19\u00a0h');
      expect(part).toContain('«\u00a0Dîner\u00a0» du jeudi 10\u00a0décembre, 19\u00a0h\u00a0: aide retirée par Hugo');
      expect(part).toContain('«\u00a0Dîner\u00a0» du jeudi 3\u00a0décembre, 19\u00a0h\u00a0: Hugo s’est retiré moins de 48\u00a0h avant');
      expect(part).toContain('Lea a quitté le village\u00a0: 1 créneau est à nouveau à pourvoir.');
      expect(part).toContain(`${PUBLIC_URL}/dashboard/villages/${village.id}/planning?filtre=a-pourvoir`);
    }
    expect(summariesTo(ines.user)[0].text).toContain('Bonjour Ines,');

    // Claire unsubscribes in one click: the next Sunday only Inès hears.
    const oneClick = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1));
    const res = await world.request('POST', oneClick.pathname, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    world.clock.set(new Date('2026-12-13T17:00:00Z'));
    await produce();
    await sender.runDue();
    expect(summariesTo(creator)).toHaveLength(1);
    expect(summariesTo(ines.user).map((m) => m.headers.get('subject'))).toEqual([
      'Votre semaine chez Jeanne\u00a0: 6 créneaux à pourvoir',
      'Votre semaine chez Jeanne\u00a0: 1 créneau à pourvoir',
    ]);
  });

  it('follows the village’s zone and each organiser’s wishes; a village with nothing to say sends nothing', async () => {
    world.clock.set(new Date('2026-12-14T09:00:00Z'));
    const { creator, village } = await world.villageWithHelper();
    const zone = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'America/Montreal' },
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    const ines = await joined('Ines', village.shareCode);
    const karim = await joined('Karim', village.shareCode, { verified: false });
    const jules = await joined('Jules', village.shareCode);
    for (const who of [ines, karim, jules]) await coOrganiser(creator, village, who.villager);
    expect(
      (
        await world.request('PUT', '/v1/users/me/notification_settings', {
          token: ines.user.token,
          json: { email: { weekly_summary: false } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await world.request('PUT', '/v1/users/me/notification_settings', {
          token: jules.user.token,
          json: { muted_village_ids: [village.id] },
        })
      ).status,
    ).toBe(200);
    await addScheduledNeed(
      world,
      creator,
      village,
      { dtstart: '2026-12-22T12:00', duration_minutes: 60, rrule: null, places: 1 },
      { name: 'Visite' },
    );
    // Without any slot or withdrawal, another village's organiser gets nothing.
    const quiet = await world.villageWithHelper();

    // Sunday 20 December at 18 h in Montreal is 23:00 UTC.
    world.clock.set(new Date('2026-12-20T22:59:00Z'));
    await produce();
    expect(await jobsOf(village.creatorVillagerId)).toHaveLength(0);
    world.clock.set(new Date('2026-12-20T23:00:00Z'));
    await produce();
    await sender.runDue();
    const [mail, ...more] = summariesTo(creator);
    expect(more).toHaveLength(0);
    expect(mail.headers.get('subject')).toBe('Votre semaine chez Jeanne\u00a0: 1 créneau à pourvoir');
    expect(mail.text).toContain('mardi 22\u00a0décembre, 12\u00a0h\u00a0: Visite (1 place libre sur 1)');
    expect(mail.text).toContain('Aucun désistement.');
    for (const who of [ines, karim, jules]) expect(await jobsOf(who.villager)).toHaveLength(0);
    expect(await jobsOf(quiet.village.creatorVillagerId)).toHaveLength(0);

    // Monday noon in the village's zone, the week has begun: too late for a summary.
    world.clock.set(new Date('2026-12-21T17:00:00Z'));
    expect(await produce()).toBe(0);
  });
});
