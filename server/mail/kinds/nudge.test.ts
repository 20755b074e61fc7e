import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { villagers } from '../../db/schema';
import { composeJob } from '../../push/compose';
import { parisWinterAt, producerReads, villageWithMembers } from '../../test/clock-producers';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { nudgeProducer } from './nudge-producer';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();

/** Only this file's producer; `perRun`, the members one run nudges at most. */
const produce = (perRun?: number) => nudgeProducer.run(world.db, world.clock.now(), perRun);
const reads = producerReads(world, smtp);
const nudgesTo = (user: TestUser) => reads.mailsTo(user, /a encore besoin de vous/);
const keysOf = (villagerId: string) => reads.keysLike(`nudge:${villagerId}:`);
const pushesOf = (villageId: string) => reads.pushesOf(villageId, 'nudges');
const parisAt = parisWinterAt;

/** Claire's village on 20 November, its members said to have joined on 1 October: quiet unless they took something. */
async function villageOf(names: string[]) {
  world.clock.set(parisAt('2026-11-20', 12));
  const { creator, village, members } = await villageWithMembers(world, names);
  await world.db
    .update(villagers)
    .set({ createdAt: parisAt('2026-10-01', 12) })
    .where(eq(villagers.villageId, village.id));
  return { creator, village, members };
}

// Dinners every day at 19 h from 20 November 2026, for 60 days, two places each.
const DINNERS = { dtstart: '2026-11-20T19:00', duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=60', places: 2 };

describe('the nudge', () => {
  it('tells a quiet member, once across instances and once a month, kindly, with the week’s open slots', async () => {
    const { creator, village, members } = await villageOf(['Hugo', 'Ines', 'Jules']);
    const needId = await addScheduledNeed(world, creator, village, DINNERS);
    // Ines took a dinner on the 20th: not quiet on the 24th.
    const taken = await take(
      world,
      members.Ines.user,
      members.Ines.villager,
      { villageId: village.id, needId },
      '2026-11-20T18:00:00.000Z',
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    // Jules turned nudges off.
    const off = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: members.Jules.user.token,
      json: { email: { nudges: false }, push: { nudges: false } },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    world.clock.set(parisAt('2026-11-24', 17, 59));
    await produce();
    expect(await keysOf(members.Hugo.villager)).toHaveLength(0);

    world.clock.set(parisAt('2026-11-24', 18, 30));
    await Promise.all([produce(), produce()]);
    world.clock.advance(60_000);
    await produce();
    expect(await keysOf(members.Hugo.villager)).toHaveLength(1);
    expect(await keysOf(members.Ines.villager)).toHaveLength(0);
    expect(await keysOf(members.Jules.villager)).toHaveLength(0);
    // Organisers get the gap alerts, not a nudge.
    expect(await keysOf(village.creatorVillagerId)).toHaveLength(0);

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    const [mail, ...more] = nudgesTo(members.Hugo.user);
    expect(more).toHaveLength(0);
    expect(nudgesTo(members.Jules.user)).toHaveLength(0);
    // From the 24th at 18 h 30 to the 1st at 18 h 30: seven dinners at 19 h, all open.
    expect(mail.headers.get('subject')).toBe('Le village de Jeanne a encore besoin de vous\u00a0: 7 créneaux cette semaine');
    expect(mail.text).toContain('Bonjour Hugo,');
    expect(mail.text).toContain('Dîner, mardi 24\u00a0novembre, 19\u00a0h');
    expect(mail.text).toContain(`${MAIL_PUBLIC_URL}/dashboard/villages/${village.id}/planning?filtre=a-pourvoir`);

    // The push names the members nudged (Jules too: whether he wants it is read when it is sent, by wantedByPush).
    const [job, ...otherPushes] = await pushesOf(village.id);
    expect(otherPushes).toHaveLength(0);
    const told = await composeJob(world.db, job, world.clock.now());
    expect(told.find((d) => d.userId === members.Hugo.user.id)?.payload).toMatchObject({
      kind: 'nudges',
      body: 'Le village de Jeanne a encore besoin de vous\u00a0: 7 créneaux cette semaine.',
    });
    expect(told.map((d) => d.userId)).not.toContain(members.Ines.user.id);

    // 29 days later: still within the month, no second nudge; 31 days later, one more.
    world.clock.set(parisAt('2026-12-23', 18, 30));
    await produce();
    expect(await keysOf(members.Hugo.villager)).toHaveLength(1);
    world.clock.set(parisAt('2026-12-25', 18, 30));
    await produce();
    expect(await keysOf(members.Hugo.villager)).toHaveLength(2);
    await sender.runDue();
    expect(nudgesTo(members.Hugo.user)).toHaveLength(2);
  });

  it('is not sent when nothing is open this week, nor to someone who took a slot within 30 days', async () => {
    const { creator, village, members } = await villageOf(['Hugo', 'Ines']);
    // One dinner on the 25th, one place: Ines takes it on the 20th.
    const needId = await addScheduledNeed(world, creator, village, {
      ...DINNERS,
      dtstart: '2026-11-25T19:00',
      rrule: 'FREQ=DAILY;COUNT=1',
      places: 1,
    });
    const taken = await take(
      world,
      members.Ines.user,
      members.Ines.villager,
      { villageId: village.id, needId },
      '2026-11-25T18:00:00.000Z',
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    world.clock.set(parisAt('2026-11-24', 18, 30));
    await produce();
    // Nothing open: Hugo, quiet, is not told; Ines took a slot.
    expect(await keysOf(members.Hugo.villager)).toHaveLength(0);
    expect(await keysOf(members.Ines.villager)).toHaveLength(0);
    expect(await pushesOf(village.id)).toHaveLength(0);
  });

  it('nudges every quiet member of several villages exactly once, in one push per village, the muted village by push only', async () => {
    const first = await villageOf(['Hugo', 'Ines', 'Jules']);
    const second = await villageOf(['Karim', 'Lou']);
    for (const { creator, village } of [first, second]) await addScheduledNeed(world, creator, village, DINNERS);
    // Lou muted the second village: the push still names him (read when sent), no mail is queued for him.
    const muted = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: second.members.Lou.user.token,
      json: { muted_village_ids: [second.village.id] },
    });
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);

    // An evening of its own: the file's other tests leave the producer's mark settled on the 24th's.
    world.clock.set(parisAt('2026-11-26', 18, 30));
    await Promise.all([produce(), produce()]);
    for (const name of ['Hugo', 'Ines', 'Jules']) expect(await keysOf(first.members[name].villager)).toHaveLength(1);
    expect(await keysOf(second.members.Karim.villager)).toHaveLength(1);
    expect(await keysOf(second.members.Lou.villager)).toHaveLength(0);
    for (const [{ village, members }, names] of [
      [first, ['Hugo', 'Ines', 'Jules']],
      [second, ['Karim', 'Lou']],
    ] as const) {
      const [job, ...others] = await pushesOf(village.id);
      expect(others).toHaveLength(0);
      expect([...(job.data.villager_ids as string[])].sort()).toEqual(
        names.map((name) => (members as Record<string, { villager: string }>)[name].villager).sort(),
      );
    }

    await dispatcher().runDue();
    for (const name of ['Hugo', 'Ines', 'Jules']) {
      const [mail, ...more] = nudgesTo(first.members[name].user);
      expect(more).toHaveLength(0);
      expect(mail.text).toContain(`Bonjour ${name},`);
      expect(mail.text).toContain(`/dashboard/villages/${first.village.id}/planning`);
    }
    const [karim, ...more] = nudgesTo(second.members.Karim.user);
    expect(more).toHaveLength(0);
    expect(karim.text).toContain(`/dashboard/villages/${second.village.id}/planning`);
    expect(nudgesTo(second.members.Lou.user)).toHaveLength(0);
  });

  /**
   * Two villages of 3 and 2 quiet members with dinners open, nudged from `evening` on with three members a run,
   * `instances` at once each minute, 8 minutes: each minute's nudges per member of each village ("1,1,1", "0,0").
   * Their pushes are checked: one per village.
   */
  async function sharedEvening(evening: Date, instances: number, names: [string[], string[]]) {
    const first = await villageOf(names[0]);
    const second = await villageOf(names[1]);
    for (const { creator, village } of [first, second]) await addScheduledNeed(world, creator, village, DINNERS);
    const nudged = async () =>
      Promise.all(
        [first, second].map(async ({ members }) => {
          const counts = await Promise.all(Object.values(members).map(async (m) => (await keysOf(m.villager)).length));
          return counts.join(',');
        }),
      );
    world.clock.set(evening);
    const states: string[][] = [];
    for (let run = 0; run < 8; run += 1) {
      await Promise.all(Array.from({ length: instances }, () => produce(3)));
      states.push(await nudged());
      world.clock.advance(60_000);
    }
    // Never a village cut in two, never a member nudged twice, every one in the end.
    for (const [a, b] of states) {
      expect(['0,0,0', '1,1,1']).toContain(a);
      expect(['0,0', '1,1']).toContain(b);
    }
    expect(states.at(-1)).toEqual(['1,1,1', '1,1']);
    expect(await produce(3)).toBe(0);
    for (const { village } of [first, second]) expect(await pushesOf(village.id)).toHaveLength(1);
    return states;
  }

  it('nudges a share of the villages a run, whole, and the rest the next minute, each member once', async () => {
    // An evening of its own, one instance, a run a minute: the villages are taken whole, one share a run in the order
    // of their ids (the file's other villages too, nudged before or with nothing open), the next run where the last
    // stopped. Five members do not fit in one run's share: one village was done a run before the other.
    const states = await sharedEvening(parisAt('2026-11-27', 18, 30), 1, [
      ['Hugo', 'Ines', 'Jules'],
      ['Karim', 'Lou'],
    ]);
    expect(states.some(([a, b]) => (a === '1,1,1') !== (b === '1,1'))).toBe(true);
  });

  it('nudges each member once when two instances take their shares at once', async () => {
    // Each reads where the last run stopped when it starts: they take the same share, or one takes the next.
    await sharedEvening(parisAt('2026-11-28', 18, 30), 2, [
      ['Marc', 'Nina', 'Olga'],
      ['Paul', 'Rose'],
    ]);
  });
});
