import { describe, expect, it } from 'vitest';
import { parseMail } from '../../test/parse-mail';
import { addScheduledNeed, take } from '../../test/schedules';
import { weeklySummaryProducer } from './weekly-summary-producer';
import { createSmtpWorld } from '../../test/smtp-world';

const { smtp, world, sender } = await createSmtpWorld();

/** 19 h in Paris in December (UTC+1) of a day, as the instant a help stores. */
const dinnerAt = (day: number) => new Date(Date.UTC(2026, 11, day, 18)).toISOString();

describe("the weekly summary's past week", () => {
  it('says which helps were done, by whom, and whether they were thanked', async () => {
    world.clock.set(new Date('2026-11-30T09:00:00Z'));
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village, {
      dtstart: '2026-12-01T19:00',
      duration_minutes: 90,
      rrule: 'FREQ=DAILY;COUNT=14',
      places: 2,
    });
    const ids: string[] = [];
    for (const day of [2, 3, 4]) {
      const res = await take(world, helper, helperVillager, { villageId: village.id, needId }, dinnerAt(day));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
    }
    world.clock.set(new Date('2026-12-05T09:00:00Z'));
    const base = `/v1/villages/${village.id}/helps`;
    const thanked = await world.request('POST', `${base}/${ids[0]}/thanks`, {
      token: creator.token,
      json: { thanker_id: village.creatorVillagerId },
    });
    expect(thanked.status).toBe(201);
    const done = await world.request('PUT', `${base}/${ids[1]}/done`, { token: helper.token, json: { villager_id: helperVillager } });
    expect(done.status).toBe(200);

    // Sunday 6 December at 18 h in Paris.
    world.clock.set(new Date('2026-12-06T17:00:00Z'));
    await weeklySummaryProducer.run(world.db, world.clock.now());
    await sender.runDue();
    const [mail] = smtp.received
      .filter((m) => m.to.includes(creator.email))
      .map((m) => parseMail(m.raw))
      .filter((m) => m.headers.get('subject')!.startsWith('Votre semaine'));
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain('Fait la semaine passée');
      expect(part).toContain('«\u00a0Dîner\u00a0» du mercredi 2\u00a0décembre, 19\u00a0h\u00a0: Hugo, remercié·e');
      expect(part).toContain('«\u00a0Dîner\u00a0» du jeudi 3\u00a0décembre, 19\u00a0h\u00a0: Hugo');
      // The one nobody said done is not listed.
      expect(part).not.toContain('vendredi 4\u00a0décembre, 19\u00a0h\u00a0: Hugo');
    }
    expect(mail.text!).not.toContain('jeudi 3\u00a0décembre, 19\u00a0h\u00a0: Hugo, remercié');
  });
});
