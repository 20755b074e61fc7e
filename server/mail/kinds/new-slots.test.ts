import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, newSlotsVillages } from '../../db/schema';
import { parseMail, type ParsedMail } from '../../test/parse-mail';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { dueNewSlotsDigest, NEW_SLOTS_WEEKS, newSlotsProducer } from './new-slots-producer';
import { queueNewSlotsPeople } from './new-slots-people';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();
const PUBLIC_URL = MAIL_PUBLIC_URL;

/** Only this file's producer: reminders and other digests are not what these tests count. */
const produce = (perRun?: number) => newSlotsProducer.run(world.db, world.clock.now(), perRun);
/** The digests one person received (a confirmation of a slot they took aside). */
const digestsTo = (user: TestUser): ParsedMail[] =>
  smtp.received
    .filter((m) => m.to.includes(user.email))
    .map((m) => parseMail(m.raw))
    .filter((m) => /nouveau/i.test(m.headers.get('subject')!));
/** `member` takes the slot of `needId` starting at `start`, through the API. */
async function takes(member: { user: TestUser; villager: string }, villageId: string, needId: string, start: string) {
  const taken = await take(world, member.user, member.villager, { villageId, needId }, start);
  expect(taken.status, JSON.stringify(taken.body)).toBe(201);
}

/** After `runs` runs a minute apart (two people's worth each), the one digest `user` was sent. */
async function onlyDigestAfterRuns(user: TestUser, runs: number): Promise<ParsedMail> {
  for (let run = 0; run < runs; run += 1) {
    world.clock.advance(60_000);
    await produce(2);
  }
  await sender.runDue();
  const [mail, ...more] = digestsTo(user);
  expect(more).toHaveLength(0);
  return mail;
}

/** A village's stored telling of the day, if any (new-slots-villages.ts). */
const toldOf = async (villageId: string) =>
  (await world.db.select().from(newSlotsVillages).where(eq(newSlotsVillages.villageId, villageId)))[0];
const keysOf = (user: TestUser) =>
  world.db
    .select()
    .from(mailJobs)
    .where(like(mailJobs.key, `new_slots:${user.id}:%`));

/** 17 h in Paris in November (UTC+1) of a day, as an instant. */
const parisAt = (day: string, hour: number, minute = 0) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour - 1, minute));

/** Claire's open village with `names` joined; answers each member's user and villager. */
async function villageOf(creatorName: string, names: string[], options: Record<string, { verified?: boolean }> = {}) {
  const creator = await world.user(creatorName);
  const village = await world.village(creator);
  const members: Record<string, { user: TestUser; villager: string }> = {};
  for (const name of names) {
    const user = await world.user(name, options[name] ?? {});
    members[name] = { user, villager: await world.join(user, village.shareCode) };
  }
  return { creator, village, members };
}

const dinners = (dtstart: string, places = 1) => ({ dtstart, duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=3', places });

describe('the daily digest of new slots', () => {
  it('goes at 17 h Paris (not before) to the other members, once across runs and dispatchers, with counts, French dates and links', async () => {
    world.clock.set(parisAt('2026-11-23', 11));
    const { creator, village, members } = await villageOf('Claire', ['Hugo', 'Ines']);
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-11-25T19:00'));
    await addScheduledNeed(world, creator, village, null, { name: 'Courses' });
    // Hugo takes the first dinner: two remain to fill.
    await takes(members.Hugo, village.id, needId, '2026-11-25T18:00:00.000Z');

    world.clock.set(parisAt('2026-11-23', 16, 59));
    await produce();
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    world.clock.set(parisAt('2026-11-23', 17));
    await Promise.all([produce(), produce()]);
    world.clock.advance(60_000);
    await produce();
    const [job, ...more] = await keysOf(members.Hugo.user);
    expect(more).toHaveLength(0);
    expect(job).toMatchObject({
      kind: 'new_slots',
      key: `new_slots:${members.Hugo.user.id}:2026-11-23`,
      toAddress: members.Hugo.user.email,
    });
    // The author is not told of what she added.
    expect(await keysOf(creator)).toHaveLength(0);

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(digestsTo(members.Hugo.user)).toHaveLength(1);
    expect(digestsTo(members.Ines.user)).toHaveLength(1);
    expect(digestsTo(creator)).toHaveLength(0);

    const [mail] = digestsTo(members.Hugo.user);
    expect(mail.headers.get('subject')).toBe('2 nouveaux créneaux à pourvoir chez Jeanne');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const link = `${PUBLIC_URL}/dashboard/villages/${village.id}/planning?filtre=a-pourvoir`;
    for (const part of [mail.text!, mail.html!.replace(/&#39;/g, "'")]) {
      expect(part).toContain('Bonjour Hugo,');
      expect(part).toContain('Le village de Jeanne\u00a0: 2 nouveaux créneaux à pourvoir chez Jeanne');
      expect(part).toContain(
        'Dîner\u00a0: 2 créneaux à pourvoir dans les 4 semaines à venir, le premier jeudi 26\u00a0novembre à 19\u00a0h',
      );
      expect(part).toContain('1 nouveau besoin\u00a0: Courses');
      expect(part).toContain(link);
      expect(part).toContain(`${PUBLIC_URL}/account/notifications`);
    }
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).not.toMatch(/<img/i);

    // The next day, nothing new: no mail.
    world.clock.set(parisAt('2026-11-24', 17, 30));
    await produce();
    await sender.runDue();
    expect(digestsTo(members.Hugo.user)).toHaveLength(1);
  });

  it('follows each person’s wishes: off, a muted village left out, an unverified address skipped', async () => {
    world.clock.set(parisAt('2026-11-25', 9));
    const first = await villageOf('Claire', ['Hugo', 'Ines', 'Karim'], { Karim: { verified: false } });
    const second = await villageOf('Paul', []);
    const jules = await world.user('Jules');
    const julesInFirst = await world.join(jules, first.village.shareCode);
    expect(julesInFirst).toBeTruthy();
    await world.join(jules, second.village.shareCode);

    const off = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: first.members.Ines.user.token,
      json: { email: { new_slots: false } },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const muted = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: jules.token,
      json: { muted_village_ids: [first.village.id] },
    });
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);

    await addScheduledNeed(world, first.creator, first.village, dinners('2026-11-28T19:00', 2));
    await addScheduledNeed(world, second.creator, second.village, null, { name: 'Promenade du chien' });
    await addScheduledNeed(world, second.creator, second.village, null, { name: 'Courses' });

    world.clock.set(parisAt('2026-11-25', 17, 5));
    await produce();
    await sender.runDue();
    expect(digestsTo(first.members.Hugo.user).map((m) => m.headers.get('subject'))).toEqual(['3 nouveaux créneaux à pourvoir chez Jeanne']);
    expect(digestsTo(first.members.Ines.user)).toHaveLength(0);
    expect(digestsTo(first.members.Karim.user)).toHaveLength(0);
    expect(await keysOf(first.members.Karim.user)).toHaveLength(0);
    const julesMails = digestsTo(jules);
    expect(julesMails.map((m) => m.headers.get('subject'))).toEqual(['2 nouveaux besoins chez Jeanne']);
    expect(julesMails[0].text).toContain('2 nouveaux besoins\u00a0: Promenade du chien, Courses');
    expect(julesMails[0].text).not.toContain(first.village.id);
    expect(julesMails[0].text).toContain(`${PUBLIC_URL}/dashboard/villages/${second.village.id}/planning`);
  });

  it('covers all of a person’s villages in one mail', async () => {
    world.clock.set(parisAt('2026-11-26', 9));
    const first = await villageOf('Claire', ['Hugo']);
    const second = await villageOf('Paul', []);
    const hugo = first.members.Hugo.user;
    await world.join(hugo, second.village.shareCode);
    await addScheduledNeed(world, first.creator, first.village, dinners('2026-11-28T19:00'));
    await addScheduledNeed(world, second.creator, second.village, dinners('2026-11-29T12:00'));
    world.clock.set(parisAt('2026-11-26', 18));
    await produce();
    await sender.runDue();
    const mails = digestsTo(hugo);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.get('subject')).toBe('6 nouveaux créneaux à pourvoir dans vos villages');
    expect(mails[0].text).toContain(`${PUBLIC_URL}/dashboard/villages/${first.village.id}/planning?filtre=a-pourvoir`);
    expect(mails[0].text).toContain(`${PUBLIC_URL}/dashboard/villages/${second.village.id}/planning?filtre=a-pourvoir`);
    expect(mails[0].text).toContain('le premier dimanche 29\u00a0novembre à 12\u00a0h');
  });

  it('stops after a one-click unsubscribe (RFC 8058), for that person only', async () => {
    world.clock.set(parisAt('2026-11-27', 9));
    const { creator, village, members } = await villageOf('Claire', ['Hugo', 'Ines']);
    await addScheduledNeed(world, creator, village, dinners('2026-11-30T19:00'));
    world.clock.set(parisAt('2026-11-27', 17));
    await produce();
    await sender.runDue();
    const [mail] = digestsTo(members.Hugo.user);
    const oneClick = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1));
    const res = await world.request('POST', oneClick.pathname, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    world.clock.set(parisAt('2026-11-28', 9));
    await addScheduledNeed(world, creator, village, null, { name: 'Courses' });
    world.clock.set(parisAt('2026-11-28', 17));
    await produce();
    await sender.runDue();
    expect(digestsTo(members.Hugo.user)).toHaveLength(1);
    expect(
      await world.db
        .select()
        .from(mailJobs)
        .where(eq(mailJobs.key, `new_slots:${members.Hugo.user.id}:2026-11-28`)),
    ).toHaveLength(0);
    expect(digestsTo(members.Ines.user).map((m) => m.headers.get('subject'))).toEqual([
      '3 nouveaux créneaux à pourvoir chez Jeanne',
      '1 nouveau besoin chez Jeanne',
    ]);
  });

  it('comes at 17 h in the zone of the person’s first village', async () => {
    world.clock.set(new Date('2026-11-29T14:00:00Z'));
    const { creator, village, members } = await villageOf('Claire', ['Hugo']);
    const zone = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'America/Montreal' },
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    await addScheduledNeed(world, creator, village, dinners('2026-12-02T19:00'));
    // 17 h in Montreal (UTC−5) is 22:00 UTC; at 17 h Paris nothing goes.
    world.clock.set(new Date('2026-11-29T21:59:00Z'));
    await produce();
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    world.clock.set(new Date('2026-11-29T22:00:00Z'));
    await produce();
    await sender.runDue();
    const [mail] = digestsTo(members.Hugo.user);
    expect(mail.text).toContain('le premier mercredi 2\u00a0décembre à 19\u00a0h');
  });

  /**
   * Claire's village (Hugo, Ines) with dinners from `dinnersFrom` and Marie's (Karim, Lou, Jules, and Ines) with shopping, added on
   * `day` at 11 h; from 17 h, two people's worth a run, `instances` at once each minute, `minutes` minutes: how many
   * of the five were told after each minute. Each is told once, Ines of both villages in one mail.
   */
  async function sharedDay(day: string, dinnersFrom: string, instances: number, minutes: number) {
    world.clock.set(parisAt(day, 11));
    const first = await villageOf('Claire', ['Hugo', 'Ines']);
    const second = await villageOf('Marie', ['Karim', 'Lou', 'Jules']);
    await world.join(first.members.Ines.user, second.village.shareCode);
    await addScheduledNeed(world, first.creator, first.village, dinners(dinnersFrom));
    await addScheduledNeed(world, second.creator, second.village, null, { name: 'Courses' });
    const people = [first.members.Hugo, first.members.Ines, second.members.Karim, second.members.Lou, second.members.Jules];
    world.clock.set(parisAt(day, 17));
    const told: number[] = [];
    for (let run = 0; run < minutes; run += 1) {
      await Promise.all(Array.from({ length: instances }, () => produce(2)));
      const keys = await Promise.all(people.map(({ user }) => keysOf(user)));
      for (const list of keys) expect(list.length).toBeLessThanOrEqual(1);
      told.push(keys.filter((list) => list.length === 1).length);
      world.clock.advance(60_000);
    }
    expect(told.at(-1)).toBe(5);
    await dispatcher().runDue();
    const [ines, ...more] = digestsTo(first.members.Ines.user);
    expect(more).toHaveLength(0);
    expect(ines.text).toContain('Dîner');
    expect(ines.text).toContain('Courses');
    for (const { user } of people) expect(digestsTo(user)).toHaveLength(1);
    return told;
  }

  it('writes a share of the people’s digests a run, the next minute’s taking over where it stopped, each once', async () => {
    // One instance, two people's worth a run. A need counts for two: the first runs tell one village each. Then seven
    // people are read, in the order of their ids: the two creators too, who get nothing (each added her village's
    // need), so a run queues two digests at most.
    const told = await sharedDay('2026-11-30', '2026-12-02T19:00', 1, 8);
    expect(told.slice(0, 2)).toEqual([0, 0]);
    told.forEach((count, run) => expect(count - (told[run - 1] ?? 0)).toBeGreaterThanOrEqual(0));
    told.forEach((count, run) => expect(count - (told[run - 1] ?? 0)).toBeLessThanOrEqual(2));
  });

  it('writes each digest once when two instances take their shares at once', async () => {
    // Each reads where the last run stopped when it starts: they take the same share, or one takes the next. The
    // runs also go through the file's other villages and people still read that day.
    await sharedDay('2026-12-03', '2026-12-05T19:00', 2, 12);
  });

  it('counts the open slots as they are when the digest is put together: a village written to since it was told is told again', async () => {
    world.clock.set(parisAt('2026-12-01', 11));
    const { creator, village, members } = await villageOf('Claire', ['Hugo', 'Ines']);
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-12-03T19:00'));

    // A need counts for two: a run of two tells the village, and has no room left for its people.
    world.clock.set(parisAt('2026-12-01', 17));
    expect(await produce(2)).toBe(0);
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    // Ines takes the first dinner before the digests are put together.
    await takes(members.Ines, village.id, needId, '2026-12-03T18:00:00.000Z');
    // The runs go on, a minute apart, through the file's other villages and people still read for the day.
    const mail = await onlyDigestAfterRuns(members.Hugo.user, 12);
    expect(mail.headers.get('subject')).toBe('2 nouveaux créneaux à pourvoir chez Jeanne');
  });

  it('leaves a person whose village was written to after it was told to a later run, within the statement itself', async () => {
    world.clock.set(parisAt('2026-12-02', 11));
    const { creator, village, members } = await villageOf('Claire', ['Hugo', 'Ines']);
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-12-04T19:00'));
    // Hugo is in another village with news of the day: his digest tells of both, or waits.
    const other = await villageOf('Marie', []);
    await world.join(members.Hugo.user, other.village.shareCode);
    await addScheduledNeed(world, other.creator, other.village, null, { name: 'Courses' });
    world.clock.set(parisAt('2026-12-02', 17));
    // Both told, with no room left for people.
    for (let run = 0; run < 8 && !((await toldOf(village.id)) && (await toldOf(other.village.id))); run += 1) {
      await produce(2);
      world.clock.advance(60_000);
    }
    const told = await toldOf(village.id);
    expect(told).toBeTruthy();
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    // Ines takes a dinner between the run's two halves: Hugo's digest must not be put together from the old telling.
    await takes(members.Ines, village.id, needId, '2026-12-04T18:00:00.000Z');
    const zones = [{ zone: 'Europe/Paris', ...dueNewSlotsDigest('Europe/Paris', world.clock.now()) }];
    const people = [{ userId: members.Hugo.user.id, zone: 'Europe/Paris' }];
    expect(await queueNewSlotsPeople(world.db, world.clock.now(), { people, zones, period: told!.period, weeks: NEW_SLOTS_WEEKS })).toBe(0);
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    // The next runs tell the village again, then put Hugo's digest together from what is true now.
    const mail = await onlyDigestAfterRuns(members.Hugo.user, 12);
    expect(mail.headers.get('subject')).toBe('2 nouveaux créneaux à pourvoir dans vos villages');
    expect(mail.text).toContain('Courses');
  });
});
