import { describe, expect, it } from 'vitest';
import { composeJob } from '../../push/compose';
import { parisWinterAt, producerReads, villageWithMembers } from '../../test/clock-producers';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { gapAlertProducer } from './gap-alert-producer';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();

/** Only this file's producer. */
const produce = () => gapAlertProducer.run(world.db, world.clock.now());
const reads = producerReads(world, smtp);
const alertsTo = (user: TestUser) => reads.mailsTo(user, /^Urgent/);
const keysOf = (user: TestUser) => reads.keysLike(`gaps:${user.id}:`);
const pushesOf = (villageId: string) => reads.pushesOf(villageId, 'gaps');
const parisAt = parisWinterAt;
/** 19 h in Paris on a day of November 2026, as a help stores it. */
const dinnerOn = (day: number) => new Date(Date.UTC(2026, 10, day, 18)).toISOString();
const dinners = (dtstart: string, count: number) => ({ dtstart, duration_minutes: 90, rrule: `FREQ=DAILY;COUNT=${count}`, places: 1 });

const villageOf = (names: string[]) => villageWithMembers(world, names);

describe('the gap alert', () => {
  it('tells the organisers and those who asked, once a day across instances, of the open slots inside the horizon only', async () => {
    world.clock.set(parisAt('2026-11-23', 12));
    const { creator, village, members } = await villageOf(['Hugo', 'Ines']);
    const asked = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: members.Ines.user.token,
      json: { email: { gaps: true } },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Dinners from the 25th to the 29th at 19 h; with the default horizon of 3 days, on the 24th at 10 h, the
    // 25th and the 26th are inside it, the 27th (after 10 h) and later outside.
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-11-25T19:00', 5));
    const taken = await take(world, members.Hugo.user, members.Hugo.villager, { villageId: village.id, needId }, dinnerOn(25));
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);

    world.clock.set(parisAt('2026-11-24', 8, 59));
    await produce();
    expect(await keysOf(creator)).toHaveLength(0);

    world.clock.set(parisAt('2026-11-24', 10));
    await Promise.all([produce(), produce()]);
    world.clock.advance(60_000);
    await produce();
    expect(await keysOf(creator)).toHaveLength(1);
    expect(await keysOf(members.Ines.user)).toHaveLength(1);
    // A plain member who did not ask is not told.
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);
    expect(await pushesOf(village.id)).toHaveLength(1);

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    const [mail, ...more] = alertsTo(creator);
    expect(more).toHaveLength(0);
    expect(alertsTo(members.Ines.user)).toHaveLength(1);
    expect(mail.headers.get('subject')).toBe('Urgent\u00a0: 1 créneau encore sans personne chez Jeanne');
    expect(mail.text).toContain('Dîner, jeudi 26\u00a0novembre, 19\u00a0h');
    expect(mail.text).toContain(`Voir ce créneau\u00a0: ${MAIL_PUBLIC_URL}/dashboard/villages/${village.id}/needs/${needId}`);
    // The slot Hugo took and those beyond the horizon are not listed.
    expect(mail.text).not.toContain('25\u00a0novembre');
    expect(mail.text).not.toContain('27\u00a0novembre');

    // Later the same day, a second dinner freed or not: no second mail.
    world.clock.set(parisAt('2026-11-24', 15));
    await produce();
    await sender.runDue();
    expect(alertsTo(creator)).toHaveLength(1);

    // The next day, the 26th and the 27th are inside the horizon: one new mail.
    world.clock.set(parisAt('2026-11-25', 9, 30));
    await produce();
    await sender.runDue();
    expect(alertsTo(creator).map((m) => m.headers.get('subject'))).toEqual([
      'Urgent\u00a0: 1 créneau encore sans personne chez Jeanne',
      'Urgent\u00a0: 2 créneaux encore sans personne chez Jeanne',
    ]);
  });

  it('is not sent for a slot taken meanwhile, nor for one outside the horizon, until the horizon reaches it', async () => {
    world.clock.set(parisAt('2026-11-23', 12));
    const { creator, village, members } = await villageOf(['Hugo']);
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-11-24T19:00', 1));
    const later = await addScheduledNeed(world, creator, village, { ...dinners('2026-11-30T19:00', 1) }, { name: 'Courses' });
    expect(later).toBeTruthy();
    const taken = await take(world, members.Hugo.user, members.Hugo.villager, { villageId: village.id, needId }, dinnerOn(24));
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);

    world.clock.set(parisAt('2026-11-24', 10));
    await produce();
    expect(await keysOf(creator)).toHaveLength(0);
    expect(await pushesOf(village.id)).toHaveLength(0);

    // The organiser widens the horizon to 7 days: the 30th is now urgent.
    const widened = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, gap_horizon_days: 7 },
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body.data.gap_horizon_days).toBe(7);
    await produce();
    await sender.runDue();
    const [mail] = alertsTo(creator);
    expect(mail.text).toContain('Courses, lundi 30\u00a0novembre, 19\u00a0h');
    expect(mail.text).not.toContain('24\u00a0novembre');
  });

  it('is pushed once per village and day, read when sent: a slot taken before the push goes leaves nothing to tell', async () => {
    world.clock.set(parisAt('2026-11-23', 12));
    const { creator, village, members } = await villageOf(['Hugo']);
    const needId = await addScheduledNeed(world, creator, village, dinners('2026-11-24T19:00', 1));
    world.clock.set(parisAt('2026-11-24', 10));
    await Promise.all([produce(), produce()]);
    const [job, ...more] = await pushesOf(village.id);
    expect(more).toHaveLength(0);
    const told = await composeJob(world.db, job, world.clock.now());
    expect(told.map((d) => d.userId)).toEqual([creator.id]);
    expect(told[0].payload).toMatchObject({
      kind: 'gaps',
      title: 'Créneaux urgents · Village de Jeanne',
      body: '1 créneau encore sans personne, le premier «\u00a0Dîner\u00a0», mardi 24\u00a0novembre, 19\u00a0h.',
      url: `/dashboard/villages/${village.id}/planning?filtre=a-pourvoir`,
    });

    const taken = await take(world, members.Hugo.user, members.Hugo.villager, { villageId: village.id, needId }, dinnerOn(24));
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(await composeJob(world.db, job, world.clock.now())).toEqual([]);
  });

  it('still mails, the same day, a member who asks for it after the village was pushed and its organisers told', async () => {
    world.clock.set(parisAt('2026-11-23', 12));
    const { creator, village, members } = await villageOf(['Hugo']);
    await addScheduledNeed(world, creator, village, dinners('2026-11-24T19:00', 1));
    world.clock.set(parisAt('2026-11-24', 10));
    await produce();
    world.clock.advance(60_000);
    // Nothing left to do: the minute after queues nothing.
    expect(await produce()).toBe(0);
    expect(await keysOf(creator)).toHaveLength(1);
    expect(await keysOf(members.Hugo.user)).toHaveLength(0);

    world.clock.set(parisAt('2026-11-24', 14));
    const asked = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: members.Hugo.user.token,
      json: { email: { gaps: true } },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    world.clock.advance(60_000);
    expect(await produce()).toBe(1);
    await sender.runDue();
    expect(alertsTo(members.Hugo.user).map((m) => m.headers.get('subject'))).toEqual([
      'Urgent\u00a0: 1 créneau encore sans personne chez Jeanne',
    ]);
    // The village was pushed once, in the morning.
    expect(await pushesOf(village.id)).toHaveLength(1);
  });

  it('refuses a horizon out of 1 to 14 days, in French', async () => {
    world.clock.set(parisAt('2026-11-23', 12));
    const { creator, village } = await villageOf([]);
    for (const bad of [0, 15, 2.5, '3']) {
      const res = await world.request('PUT', `/v1/villages/${village.id}`, {
        token: creator.token,
        json: { updater_id: village.creatorVillagerId, gap_horizon_days: bad },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain('Choisissez un nombre de jours entre 1 et 14');
    }
    const read = await world.request('GET', `/v1/villages/${village.id}`, { token: creator.token });
    expect(read.body.data.gap_horizon_days).toBe(3);
  });
});
