import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { emailVerifications, invitations, mailJobs } from '../db/schema';
import { catchUpConfirmations } from '../mail/kinds/confirmation-catch-up';
import { parseMail } from '../test/parse-mail';
import { addScheduledNeed, take } from '../test/schedules';
import { createSmtpWorld } from '../test/smtp-world';
import type { TestUser } from '../test/world';
import { newToken } from './tokens';

const { smtp, world, sender } = await createSmtpWorld({ rateLimits: { loginPerAddress: { max: 1000, windowMs: 60_000 } } });

const NOW = new Date('2026-11-20T09:00:00Z');
const DAY = 24 * 3600_000;
const HOUR = 3600_000;
/** Free helps (no schedule) at 19 h Paris time, `days` after NOW's day. */
const at19h = (days: number) => new Date(Date.UTC(2026, 10, 20 + days, 18)).toISOString();

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
const subjects = (address: string) => mailsTo(address).map((m) => m.headers.get('subject'));
const confirmationsTo = (address: string) => mailsTo(address).filter((m) => m.headers.get('subject')?.startsWith('Confirmé\u00a0: '));
const me = (user: TestUser) => world.request('GET', '/v1/users/me', { token: user.token });
const invitationsOf = (organiser: TestUser, villageId: string, query = '') =>
  world.request('GET', `/v1/villages/${villageId}/invitations${query}`, { token: organiser.token });

/** A verification link for the user's current address, stored as sign-up stores it; answers its token. */
async function verificationLink(user: TestUser) {
  const { token, hash } = newToken();
  await world.db
    .insert(emailVerifications)
    .values({ tokenHash: hash, userId: user.id, email: user.email, expiresAt: new Date(world.clock.now().getTime() + 7 * DAY) });
  return token;
}
const verify = (token: string) => world.request('POST', '/v1/auth/verify-email', { json: { token } });

/** Claire's open village with a dinner need whose helpers propose their time; Hugo joined, not verified. */
async function scene() {
  world.clock.set(NOW);
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const needId = await addScheduledNeed(world, creator, village, null, { name: 'Dîner chez Jeanne' });
  const helper = await world.user('Hugo', { verified: false });
  const helperVillager = await world.join(helper, village.shareCode);
  const propose = (who: TestUser, villagerId: string, days: number) =>
    take(world, who, villagerId, { villageId: village.id, needId }, at19h(days), {
      end_date: new Date(Date.parse(at19h(days)) + 2 * HOUR).toISOString(),
    });
  return { creator, village, needId, helper, helperVillager, propose };
}

describe('confirmations caught up when the address becomes verified', () => {
  it('mails each future help its confirmation with its .ics once, none for a past one; reminders follow', async () => {
    const { helper, helperVillager, propose } = await scene();
    for (const days of [1, 3, 5]) expect((await propose(helper, helperVillager, days)).status).toBe(201);
    await sender.runDue();
    expect(confirmationsTo(helper.email)).toHaveLength(0);

    // Two days later the first help is past: only the two ahead are confirmed.
    world.clock.set(new Date(NOW.getTime() + 2 * DAY));
    expect((await verify(await verificationLink(helper))).status).toBe(204);
    expect((await me(helper)).body.data.email_verified_at).not.toBeNull();
    await sender.runDue();
    // Sent in any order (queued at the same instant): read in the order of their slots.
    const mails = confirmationsTo(helper.email).sort((a, b) => a.headers.get('subject')!.localeCompare(b.headers.get('subject')!));
    expect(mails.map((m) => m.headers.get('subject'))).toEqual([
      'Confirmé\u00a0: Dîner chez Jeanne, lundi 23\u00a0novembre à 19\u00a0h',
      'Confirmé\u00a0: Dîner chez Jeanne, mercredi 25\u00a0novembre à 19\u00a0h',
    ]);
    for (const [i, mail] of mails.entries()) {
      expect(mail.attachments).toHaveLength(1);
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!);
      expect(event.startDate.toJSDate().toISOString()).toBe(at19h([3, 5][i]));
    }

    // Caught up again (a second road, the same link twice): nothing more.
    expect(await world.db.transaction((tx) => catchUpConfirmations(tx, helper.id, world.clock.now()))).toBe(0);
    expect((await verify(await verificationLink(helper))).status).toBe(204);
    await sender.runDue();
    expect(confirmationsTo(helper.email)).toHaveLength(2);

    // A help taken now is confirmed by its take, as for anyone verified.
    expect((await propose(helper, helperVillager, 6)).status).toBe(201);
    await sender.runDue();
    expect(confirmationsTo(helper.email)).toHaveLength(3);

    // The evening before the help of the 23rd (19 h in Paris), its reminder comes.
    world.clock.set(new Date(Date.parse(at19h(3)) - DAY + 5 * 60_000));
    expect(await world.runScheduledMails()).toBe(1);
    await sender.runDue();
    expect(subjects(helper.email).filter((s) => s?.startsWith('Rappel'))).toHaveLength(1);
  });

  it('queues nothing for a person who turned confirmations off', async () => {
    const { helper, helperVillager, propose } = await scene();
    expect((await propose(helper, helperVillager, 2)).status).toBe(201);
    const settings = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: helper.token,
      json: { email: { confirmations: false } },
    });
    expect(settings.status).toBe(200);
    expect((await verify(await verificationLink(helper))).status).toBe(204);
    await sender.runDue();
    expect(confirmationsTo(helper.email)).toHaveLength(0);
    expect(await world.db.select().from(mailJobs).where(eq(mailJobs.toAddress, helper.email))).toHaveLength(0);
  });
});

describe('an invitation proves the address it was sent to', () => {
  it('verifies the invited address that joins through the link: a slot taken then is confirmed with its .ics', async () => {
    world.clock.set(NOW);
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const needId = await addScheduledNeed(world, creator, village, null, { name: 'Dîner chez Jeanne' });
    const lea = await world.user('Lea', { verified: false });
    const other = await world.user('Olga', { verified: false });
    const invited = await world.request('POST', `/v1/villages/${village.id}/invitations`, {
      token: creator.token,
      json: { inviter_id: village.creatorVillagerId, emails: [lea.email] },
    });
    expect(invited.status).toBe(201);
    await sender.runDue();
    const link = mailsTo(lea.email)[0].text!.match(/https:\/\/village\.example\/join\/village\?\S+/)![0];
    const token = new URL(link).searchParams.get('i')!;

    // Someone else with the link proves nothing of their own address.
    const olgaJoined = await world.request('PUT', '/v1/villages/join/helper', {
      token: other.token,
      json: { share_code: village.shareCode, invitation_token: token },
    });
    expect(olgaJoined.status).toBe(201);
    expect((await me(other)).body.data.email_verified_at).toBeNull();

    const joined = await world.request('PUT', '/v1/villages/join/helper', {
      token: lea.token,
      json: { share_code: village.shareCode, invitation_token: token },
    });
    expect(joined.status).toBe(201);
    expect((await me(lea)).body.data.email_verified_at).toBe(NOW.toISOString());
    const taken = await take(world, lea, joined.body.data.id, { villageId: village.id, needId }, at19h(2));
    expect(taken.status).toBe(201);
    await sender.runDue();
    const [confirmation, ...more] = confirmationsTo(lea.email);
    expect(more).toHaveLength(0);
    expect(confirmation.headers.get('subject')).toBe('Confirmé\u00a0: Dîner chez Jeanne, dimanche 22\u00a0novembre à 19\u00a0h');
    expect(confirmation.attachments[0].contentType).toMatch(/^text\/calendar/);
  });
});

describe('an invitation proves the address it was sent to, even opened after joining by the code', () => {
  it('verifies a member whose invitation link is followed later', async () => {
    world.clock.set(NOW);
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const paul = await world.user('Paul', { verified: false });
    await world.request('POST', `/v1/villages/${village.id}/invitations`, {
      token: creator.token,
      json: { inviter_id: village.creatorVillagerId, emails: [paul.email] },
    });
    await sender.runDue();
    const link = mailsTo(paul.email)[0].text!.match(/https:\/\/village\.example\/join\/village\?\S+/)![0];
    await world.join(paul, village.shareCode);
    expect((await me(paul)).body.data.email_verified_at).toBeNull();
    const again = await world.request('PUT', '/v1/villages/join/helper', {
      token: paul.token,
      json: { share_code: village.shareCode, invitation_token: new URL(link).searchParams.get('i') },
    });
    expect(again.status).toBe(200);
    expect((await me(paul)).body.data.email_verified_at).toBe(NOW.toISOString());
  });
});

describe('invitations close themselves', () => {
  it('accepts the invitation of an unverified invited address joining by the code; leaving keeps it accepted', async () => {
    world.clock.set(NOW);
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const marc = await world.user('Marc', { verified: false });
    await world.request('POST', `/v1/villages/${village.id}/invitations`, {
      token: creator.token,
      json: { inviter_id: village.creatorVillagerId, emails: [marc.email] },
    });
    expect((await invitationsOf(creator, village.id)).body.data).toHaveLength(1);

    world.clock.advance(HOUR);
    const villagerId = await world.join(marc, village.shareCode);
    expect((await invitationsOf(creator, village.id)).body.data).toEqual([]);
    const joinedAt = new Date(NOW.getTime() + HOUR).toISOString();
    const withAccepted = await invitationsOf(creator, village.id, '?include=accepted');
    expect(withAccepted.status).toBe(200);
    expect(withAccepted.body.data).toMatchObject([{ email: marc.email, accepted_at: joinedAt }]);

    world.clock.advance(HOUR);
    const left = await world.request('PUT', `/v1/villages/${village.id}/villagers/${villagerId}/leave`, { token: marc.token });
    expect(left.status).toBeLessThan(300);
    expect((await invitationsOf(creator, village.id)).body.data).toEqual([]);
    const [row] = await world.db.select().from(invitations).where(eq(invitations.email, marc.email));
    expect(row).toMatchObject({ acceptedBy: marc.id, acceptedAt: new Date(joinedAt) });
  });

  it('accepts, once the address is verified, an invitation to it in a village the person is already in', async () => {
    world.clock.set(NOW);
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const nina = await world.user('Nina');
    await world.join(nina, village.shareCode);
    const newAddress = `nina.${Date.now().toString(36)}@nouvelle.fr`;
    // Invited at an address Nina then makes hers: unproven, until its link is opened.
    await world.request('POST', `/v1/villages/${village.id}/invitations`, {
      token: creator.token,
      json: { inviter_id: village.creatorVillagerId, emails: [newAddress] },
    });
    const changed = await world.request('PUT', `/v1/users/${nina.id}`, { token: nina.token, json: { email: newAddress } });
    expect(changed.status).toBe(200);
    expect((await invitationsOf(creator, village.id)).body.data).toHaveLength(1);
    expect((await verify(await verificationLink({ ...nina, email: newAddress }))).status).toBe(204);
    expect((await invitationsOf(creator, village.id)).body.data).toEqual([]);
  });
});
