import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, pushJobs } from '../../db/schema';
import { parseMail } from '../../test/parse-mail';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { eveningReminders } from './reminder-producer';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();
const PUBLIC_URL = MAIL_PUBLIC_URL;

const NOW = new Date('2026-11-20T09:00:00Z');
// Thursday 26 November 2026 at 12 h in Paris; its evening before is Wednesday 25 at 19 h in Paris.
const THURSDAY_NOON_PARIS = '2026-11-26T11:00:00.000Z';
const WEDNESDAY_19H_PARIS = new Date('2026-11-25T18:00:00Z');
const MINUTE = 60_000;

/** Only this file's producer: another kind's producer (a digest) is not what these tests count. */
const produce = () => eveningReminders.run(world.db, world.clock.now());

/** The reminders one person received (their confirmations aside). */
const remindersTo = (user: TestUser) =>
  smtp.received
    .filter((m) => m.to.includes(user.email))
    .map((m) => parseMail(m.raw))
    .filter((m) => m.headers.get('subject')!.startsWith('Rappel'));

/** Claire's village (in `zone`), Hugo joined; a lunch every Thursday at 12 h on the village's clock, taken by Hugo on 26 November. */
async function scene(zone = 'Europe/Paris', start = THURSDAY_NOON_PARIS) {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  if (zone !== 'Europe/Paris') {
    const res = await world.request('PUT', `/v1/villages/${cast.village.id}`, {
      token: cast.creator.token,
      json: { updater_id: cast.village.creatorVillagerId, time_zone: zone },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const schedule = { dtstart: '2026-11-26T12:00', duration_minutes: 60, rrule: 'FREQ=WEEKLY', places: 2 };
  const needId = await addScheduledNeed(world, cast.creator, cast.village, schedule, { name: 'Déjeuner', address: '3 place du Marché' });
  const takeSlot = async (who: TestUser = cast.helper, villagerId = cast.helperVillager) => {
    const res = await take(world, who, villagerId, { villageId: cast.village.id, needId }, start);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  return { ...cast, needId, takeSlot };
}

describe('the e-mail reminder the evening before a slot', () => {
  it('is queued at 19 h the day before in the village’s zone, not before, once across runs, instances and dispatchers', async () => {
    const { helper, helperVillager, creator, village, needId, takeSlot } = await scene();
    const helpId = await takeSlot();

    world.clock.set(new Date(WEDNESDAY_19H_PARIS.getTime() - MINUTE));
    expect(await produce()).toBe(0);
    world.clock.set(WEDNESDAY_19H_PARIS);
    // Two instances at the same minute, then a later minute: the key names the mail once.
    const counts = await Promise.all([produce(), produce()]);
    expect(counts[0] + counts[1]).toBe(1);
    world.clock.advance(MINUTE);
    expect(await produce()).toBe(0);
    const [job] = await world.db
      .select()
      .from(mailJobs)
      .where(eq(mailJobs.key, `reminder:${helpId}:${THURSDAY_NOON_PARIS}`));
    expect(job).toMatchObject({ kind: 'help_reminder', userId: helper.id, toAddress: helper.email });

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    const reminders = remindersTo(helper);
    expect(reminders).toHaveLength(1);
    expect(remindersTo(creator)).toHaveLength(0);
    const [mail] = reminders;
    expect(mail.headers.get('subject')).toBe('Rappel\u00a0: demain, Déjeuner à 12\u00a0h');
    expect(mail.headers.get('message-id')).toBe(`<${job.id}@village.example>`);
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const part of [mail.text!, mail.html!.replace(/&#39;/g, "'")]) {
      expect(part).toContain('Bonjour Hugo,');
      expect(part).toContain('Le village de Jeanne');
      expect(part).toContain("Quand\u00a0: jeudi 26\u00a0novembre à 12\u00a0h, jusqu'à 13\u00a0h");
      expect(part).toContain('Où\u00a0: 3 place du Marché');
      expect(part).toContain(`${PUBLIC_URL}/dashboard/villages/${village.id}/needs/${needId}`);
    }

    // Its one-click unsubscribe turns reminders by e-mail off: the next week's slot is not reminded.
    const oneClick = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1));
    const off = await world.request('POST', oneClick.pathname, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(off.body).toEqual({ data: { kind: 'reminders' } });
    const next = await take(world, helper, helperVillager, { villageId: village.id, needId }, '2026-12-03T11:00:00.000Z');
    expect(next.status).toBe(201);
    world.clock.set(new Date('2026-12-02T18:00:00Z'));
    expect(await produce()).toBe(0);
  });

  it('follows the village’s zone: 19 h in Montreal the day before, as the push reminder does', async () => {
    // Thursday 26 November at 12 h in Montreal is 17:00 UTC; Wednesday at 19 h there is Thursday 00:00 UTC.
    const { helper, takeSlot } = await scene('America/Montreal', '2026-11-26T17:00:00.000Z');
    const helpId = await takeSlot();
    // The push reminder of the same evening is due at the same instant.
    const [push] = await world.db
      .select()
      .from(pushJobs)
      .where(eq(pushJobs.key, `evening:${helpId}`));
    expect(push.dueAt.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    world.clock.set(new Date('2026-11-25T23:59:00Z'));
    await produce();
    await sender.runDue();
    expect(remindersTo(helper)).toHaveLength(0);
    world.clock.set(new Date('2026-11-26T00:00:00Z'));
    await produce();
    await sender.runDue();
    expect(remindersTo(helper).map((m) => m.headers.get('subject'))).toEqual(['Rappel\u00a0: demain, Déjeuner à 12\u00a0h']);
  });

  it('is never sent for a help withdrawn, refused or released by a departure', async () => {
    const { creator, helper, helperVillager, village, takeSlot } = await scene();
    const [lea, marc] = [await world.user('Léa'), await world.user('Marc')];
    const leaVillager = await world.join(lea, village.shareCode);
    const marcVillager = await world.join(marc, village.shareCode);
    const hugoHelp = await takeSlot();
    const leaHelp = await takeSlot(lea, leaVillager);
    const withdrawn = await world.request('DELETE', `/v1/villages/${village.id}/helps/${hugoHelp}?villager_id=${helperVillager}`, {
      token: helper.token,
    });
    expect(withdrawn.status).toBe(204);
    // Marc takes the place Hugo gave back, then leaves the village: his help is released with him.
    await takeSlot(marc, marcVillager);
    const left = await world.request('PUT', `/v1/villages/${village.id}/villagers/${marcVillager}/leave`, { token: marc.token });
    expect(left.status).toBe(200);
    const refused = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/helps/${leaHelp}/refuse?villager_id=${village.creatorVillagerId}`,
      {
        token: creator.token,
      },
    );
    expect(refused.status).toBe(204);
    // Olga keeps hers: the evening's run does remind what is still taken.
    const olga = await world.user('Olga');
    await takeSlot(olga, await world.join(olga, village.shareCode));

    world.clock.set(WEDNESDAY_19H_PARIS);
    await produce();
    world.clock.advance(MINUTE);
    await produce();
    await sender.runDue();
    expect(remindersTo(olga)).toHaveLength(1);
    for (const who of [helper, lea, marc]) {
      expect(remindersTo(who)).toHaveLength(0);
      expect(
        await world.db
          .select()
          .from(mailJobs)
          .where(eq(mailJobs.userId, who.id))
          .then((jobs) => jobs.filter((j) => j.kind === 'help_reminder')),
      ).toEqual([]);
    }
  });

  it('is not sent for a slot taken after its evening moment, nor to a helper who turned reminders off by e-mail', async () => {
    const { helper, village, takeSlot } = await scene();
    const nina = await world.user('Nina');
    const ninaVillager = await world.join(nina, village.shareCode);
    const settings = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: nina.token,
      json: { email: { reminders: false } },
    });
    expect(settings.status).toBe(200);
    await takeSlot(nina, ninaVillager);
    // Hugo takes it at 21 h the evening before: he just chose it, a reminder would only be noise.
    world.clock.set(new Date(WEDNESDAY_19H_PARIS.getTime() + 2 * 3600 * 1000));
    await takeSlot();
    await produce();
    world.clock.advance(MINUTE);
    await produce();
    await sender.runDue();
    expect(remindersTo(helper)).toHaveLength(0);
    expect(remindersTo(nina)).toHaveLength(0);

    // Switched back on before the slot: the reminder comes, late but still ahead of it ("demain" then still true).
    expect(
      (await world.request('PUT', '/v1/users/me/notification_settings', { token: nina.token, json: { email: { reminders: true } } }))
        .status,
    ).toBe(200);
    await produce();
    await sender.runDue();
    expect(remindersTo(nina).map((m) => m.headers.get('subject'))).toEqual(['Rappel\u00a0: demain, Déjeuner à 12\u00a0h']);
    expect(remindersTo(helper)).toHaveLength(0);
  });
});
