import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { mailJobs } from '../../db/schema';
import { parseMail } from '../../test/parse-mail';
import { type TestUser } from '../../test/world';
import { addScheduledNeed, take } from '../../test/schedules';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, sender } = await createSmtpWorld();
const PUBLIC_URL = MAIL_PUBLIC_URL;

const NOW = new Date('2026-11-20T09:00:00Z');
// Jeudi 26 novembre 2026, 19 h – 21 h in Paris.
const THURSDAY_19H = '2026-11-26T18:00:00.000Z';
const THURSDAY_21H = '2026-11-26T20:00:00.000Z';

const DINNER = {
  address: '12 rue des Lilas, 69003 Lyon',
  access: 'Code 1234B, 2e étage',
  people: 3,
  diet: 'Sans gluten',
  description: 'Un plat chaud, de quoi tenir deux jours.',
};

/** Claire's village (Jeanne's), Hugo joined, and a need without schedule where helpers propose their time. */
async function scene() {
  world.clock.set(NOW);
  const cast = await world.villageWithHelper();
  const needId = await addScheduledNeed(world, cast.creator, cast.village, null, { name: 'Dîner chez Jeanne', ...DINNER });
  const propose = (who: TestUser = cast.helper, villagerId = cast.helperVillager, headers?: Record<string, string>) =>
    take(world, who, villagerId, { villageId: cast.village.id, needId }, THURSDAY_19H, {
      end_date: THURSDAY_21H,
      comment: 'J’apporte une soupe',
      headers,
    });
  return { ...cast, needId, propose };
}

const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
const setEmail = (user: TestUser, email: Record<string, boolean>) =>
  world.request('PUT', '/v1/users/me/notification_settings', { token: user.token, json: { email } });

describe('the confirmation of a help', () => {
  it('goes once to the helper alone, with the slot, its details, the way back to withdraw and an .ics', async () => {
    const { helper, creator, village, needId, propose } = await scene();
    const headers = { 'Idempotency-Key': 'confirmation-once' };
    const first = await propose(helper, undefined, headers);
    expect(first.status).toBe(201);
    // A retried request gets the first answer and queues nothing more.
    const replay = await propose(helper, undefined, headers);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const helpId: string = first.body.data.id;

    expect(await sender.runDue()).toBe(1);
    expect(await sender.runDue()).toBe(0);
    expect(receivedBy(creator.email)).toHaveLength(0);
    const mails = receivedBy(helper.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const [job] = await world.db.select().from(mailJobs).where(eq(mailJobs.toAddress, helper.email));
    expect(job).toMatchObject({ kind: 'help_confirmation', userId: helper.id });

    expect(mail.headers.get('subject')).toBe('Confirmé\u00a0: Dîner chez Jeanne, jeudi 26\u00a0novembre à 19\u00a0h');
    expect(mail.headers.get('message-id')).toBe(`<${job.id}@village.example>`);
    expect(new Date(mail.headers.get('date')!)).toEqual(NOW);
    expect(mail.headers.get('from')).toBe('Village <no-reply@localhost>');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const link = `${PUBLIC_URL}/dashboard/villages/${village.id}/needs/${needId}`;
    for (const part of [mail.text!, mail.html!]) {
      for (const said of [
        'Bonjour Hugo,',
        'Le village de Jeanne',
        'Dîner chez Jeanne',
        "jeudi 26\u00a0novembre à 19\u00a0h, jusqu'à 21\u00a0h",
        '12 rue des Lilas, 69003 Lyon',
        'Code 1234B, 2e étage',
        'Nombre de personnes\u00a0: 3',
        'Sans gluten',
        'Un plat chaud, de quoi tenir deux jours.',
        'J’apporte une soupe',
        'Me retirer',
        link,
        `${PUBLIC_URL}/account/notifications`,
      ]) {
        expect(part.replace(/&#39;/g, "'")).toContain(said);
      }
    }
    expect(mail.text).toMatch(/Ne plus recevoir ce type d’e-mail\u00a0: https:\/\/village\.example\/mail\/unsubscribe\/[A-Za-z0-9_-]+/);
    expect(mail.html).not.toMatch(/<img/i);

    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments;
    expect(ics.filename).toBe('creneau.ics');
    expect(ics.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/i);
    const calendar = new ICAL.Component(ICAL.parse(ics.content));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.uid).toBe(`${helpId}@village`);
    expect(event.summary).toBe('Dîner chez Jeanne (Le village de Jeanne)');
    expect(event.startDate.toJSDate().toISOString()).toBe(THURSDAY_19H);
    expect(event.endDate.toJSDate().toISOString()).toBe(THURSDAY_21H);
    expect(event.location).toBe(DINNER.address);
    expect(event.description).toContain('J’apporte une soupe');
    expect(event.description).toContain('Accès\u00a0: Code 1234B, 2e étage');
  });

  it('is not sent to a helper who turned confirmations off by e-mail, nor to an address not verified yet', async () => {
    const { creator, village, propose, helper, helperVillager } = await scene();
    expect((await setEmail(helper, { confirmations: false })).status).toBe(200);
    expect((await propose()).status).toBe(201);

    const unverified = await world.user('Ines', { verified: false });
    const inesVillager = await world.join(unverified, village.shareCode);
    expect((await propose(unverified, inesVillager)).status).toBe(201);

    await sender.runDue();
    expect(receivedBy(helper.email)).toHaveLength(0);
    expect(receivedBy(unverified.email)).toHaveLength(0);
    expect(receivedBy(creator.email)).toHaveLength(0);
    expect(await world.db.select().from(mailJobs).where(eq(mailJobs.userId, unverified.id))).toEqual([]);

    // Muting the village does not quiet one's own commitments: switched back on, the next one comes.
    const settings = { email: { confirmations: true }, muted_village_ids: [village.id] };
    expect((await world.request('PUT', '/v1/users/me/notification_settings', { token: helper.token, json: settings })).status).toBe(200);
    const needId = await addScheduledNeed(world, creator, village, null, { name: 'Courses' });
    expect((await take(world, helper, helperVillager, { villageId: village.id, needId }, THURSDAY_19H)).status).toBe(201);
    await sender.runDue();
    expect(receivedBy(helper.email).map((m) => m.headers.get('subject'))).toEqual([
      'Confirmé\u00a0: Courses, jeudi 26\u00a0novembre à 19\u00a0h',
    ]);
  });

  it('is not sent for a help recorded once its time is over, which has nothing left to confirm nor to withdraw from', async () => {
    const { helper, creator, village, helperVillager } = await scene();
    const needId = await addScheduledNeed(world, creator, village, null, { name: 'Visite' });
    // A help without an end is over when it starts; the server still takes one a few minutes late (clock skew).
    world.clock.set(new Date(Date.parse(THURSDAY_19H) + 2 * 60_000));
    expect((await take(world, helper, helperVillager, { villageId: village.id, needId }, THURSDAY_19H)).status).toBe(201);
    await sender.runDue();
    expect(receivedBy(helper.email)).toHaveLength(0);
    expect(await world.db.select().from(mailJobs).where(eq(mailJobs.userId, helper.id))).toEqual([]);
  });

  it('tells a scheduled slot in the village’s own time zone', async () => {
    world.clock.set(NOW);
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const zoned = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: creator.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'America/Montreal' },
    });
    expect(zoned.status, JSON.stringify(zoned.body)).toBe(200);
    // Every Thursday at 18 h in Montreal (23:00 UTC in winter), for an hour and a half.
    const needId = await addScheduledNeed(
      world,
      creator,
      village,
      { dtstart: '2026-11-26T18:00', duration_minutes: 90, rrule: 'FREQ=WEEKLY', places: 1 },
      { name: 'Souper' },
    );
    const res = await take(world, helper, helperVillager, { villageId: village.id, needId }, '2026-11-26T23:00:00.000Z');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await sender.runDue();
    const [mail] = receivedBy(helper.email);
    expect(mail.headers.get('subject')).toBe('Confirmé\u00a0: Souper, jeudi 26\u00a0novembre à 18\u00a0h');
    expect(mail.text).toContain("jeudi 26\u00a0novembre à 18\u00a0h, jusqu'à 19\u00a0h\u00a030");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-27T00:30:00.000Z');
  });

  it('stops at once when its one-click unsubscribe is posted, without a session: the next confirmation is not sent', async () => {
    const { helper, village, creator, propose, helperVillager } = await scene();
    expect((await propose()).status).toBe(201);
    await sender.runDue();
    const [mail] = receivedBy(helper.email);
    const oneClick = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1));
    const res = await world.request('POST', oneClick.pathname, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { kind: 'confirmations' } });

    const needId = await addScheduledNeed(world, creator, village, null, { name: 'Courses' });
    expect((await take(world, helper, helperVillager, { villageId: village.id, needId }, THURSDAY_19H)).status).toBe(201);
    await sender.runDue();
    expect(receivedBy(helper.email)).toHaveLength(1);
    expect(
      (await world.db.select().from(mailJobs).where(eq(mailJobs.userId, helper.id))).filter((job) => job.kind === 'help_confirmation'),
    ).toHaveLength(1);
  });
});
