import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { villagers } from '../../db/schema';
import { parseMail } from '../../test/parse-mail';
import { addScheduledNeed, take } from '../../test/schedules';
import { weeklySummaryProducer } from './weekly-summary-producer';
import { createSmtpWorld } from '../../test/smtp-world';

const { smtp, world, sender } = await createSmtpWorld();

describe('the weekly summary’s quiet members', () => {
  it('names, in alphabetical order and without counts, the members who took nothing for a month', async () => {
    world.clock.set(new Date('2026-11-30T09:00:00Z'));
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const joined: Record<string, { token: string; villager: string }> = {};
    for (const name of ['Zoe', 'Paul', 'Hugo']) {
      const user = await world.user(name);
      joined[name] = { token: user.token, villager: await world.join(user, village.shareCode) };
    }
    // Everyone joined two months ago; Paul took a dinner this week.
    await world.db
      .update(villagers)
      .set({ createdAt: new Date('2026-10-01T09:00:00Z') })
      .where(eq(villagers.villageId, village.id));
    const needId = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-12-01T19:00',
      duration_minutes: 90,
      rrule: 'FREQ=DAILY;COUNT=14',
      places: 2,
    });
    const taken = await take(
      world,
      { id: '', email: '', firstName: 'Paul', token: joined.Paul.token },
      joined.Paul.villager,
      { villageId: village.id, needId },
      '2026-12-08T18:00:00.000Z',
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);

    world.clock.set(new Date('2026-12-06T17:00:00Z'));
    await weeklySummaryProducer.run(world.db, world.clock.now());
    await sender.runDue();
    const mail = smtp.received.filter((m) => m.to.includes(creator.email)).map((m) => parseMail(m.raw))[0];
    expect(mail.text).toContain('Pas vus depuis un moment');
    expect(mail.text).toContain(
      'Hugo et Zoe n’ont pris aucun créneau depuis plus de 30 jours. Un petit mot de votre part peut donner envie de revenir.',
    );
    expect(mail.text).not.toMatch(/Paul[^\n]*aucun créneau/);
    expect(mail.text).not.toMatch(/Claire[^\n]*aucun créneau/);
  });
});
