import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../db/schema';
import { parseMail } from '../test/parse-mail';
import { type TestUser } from '../test/world';
import { createSmtpWorld } from '../test/smtp-world';

const { smtp, world, sender } = await createSmtpWorld(
  { rateLimits: { loginPerAddress: { max: 1000, windowMs: 60_000 } } },
  { from: 'Village <no-reply@village.example>' },
);

const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
const linkIn = (text: string | undefined) => text?.match(/https:\/\/village\.example\/join\/village\?\S+/)?.[0] ?? null;
let counter = 0;
const address = (name: string) => `${name}.${++counter}.${Date.now().toString(36)}@exemple.fr`;

const invite = (who: TestUser, villageId: string, json: unknown, headers?: Record<string, string>) =>
  world.request('POST', `/v1/villages/${villageId}/invitations`, { token: who.token, json, headers });

describe('invitations by mail', () => {
  it('mails each address an invitation naming the village, the person it is for and who invites, with the join link', async () => {
    const { creator, village } = await world.villageWithHelper();
    const [marc, lea] = [address('marc'), address('Lea')];
    const res = await invite(creator, village.id, {
      inviter_id: village.creatorVillagerId,
      emails: [marc, ` ${lea} `, marc],
      message: 'Jeanne serait ravie de vous voir.',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.map((i: { email: string }) => i.email)).toEqual([marc, lea.toLowerCase()]);
    expect(res.body.data[0]).toMatchObject({
      village_id: village.id,
      inviter_id: village.creatorVillagerId,
      message: 'Jeanne serait ravie de vous voir.',
    });

    await sender.runDue();
    const [mail] = receivedBy(marc);
    expect(receivedBy(lea.toLowerCase())).toHaveLength(1);
    // Named by first and last name: "which Claire?" has its answer.
    expect(mail.headers.get('subject')).toBe('Claire Test vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»');
    expect(mail.headers.get('from')).toBe('Village <no-reply@village.example>');
    expect(mail.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@village\.example>$/);
    expect(new Date(mail.headers.get('date')!)).toEqual(world.clock.now());
    expect(mail.headers.get('reply-to')).toBe(creator.email);
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain('Claire Test vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»');
      expect(part).toContain('les proches de Jeanne');
    }
    // The mail's French typography holds « : » and « » » to their words (mail/layout.ts).
    expect(mail.text).toContain('Son message\u00a0: «\u00a0Jeanne serait ravie de vous voir.\u00a0»');
    expect(mail.html).toContain('Son message\u00a0: «\u00a0Jeanne serait ravie de vous voir.\u00a0»');
    const link = new URL(linkIn(mail.text)!);
    expect(link.pathname).toBe('/join/village');
    expect(link.searchParams.get('c')).toBe(village.shareCode);
    expect(link.searchParams.get('rli')).toBe('inv');
    expect(link.searchParams.get('i')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
  });

  it('has no Reply-To while the inviter’s address is not verified', async () => {
    const claire = await world.user('Claire', { verified: false });
    const village = await world.village(claire);
    const nora = address('nora');
    expect((await invite(claire, village.id, { inviter_id: village.creatorVillagerId, emails: [nora] })).status).toBe(201);
    await sender.runDue();
    const [mail] = receivedBy(nora);
    expect(mail.headers.get('subject')).toBe('Claire Test vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»');
    expect(mail.headers.has('reply-to')).toBe(false);
  });

  it('lets only organisers invite, list, resend and withdraw, acting as themselves', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const stranger = await world.user('Zoe');
    const body = { inviter_id: helperVillager, emails: [address('x')] };
    const helperTry = await invite(helper, village.id, body);
    expect(helperTry.status).toBe(403);
    expect(helperTry.body.message).toBe('Seules les personnes qui gèrent ce village peuvent faire cela.');
    expect((await world.request('GET', `/v1/villages/${village.id}/invitations`, { token: helper.token })).status).toBe(403);
    // As the house answers every village call: 403 to someone who is not a member, 404 to a village that does not exist.
    const strangerTry = await invite(stranger, village.id, { ...body, inviter_id: village.creatorVillagerId });
    expect(strangerTry.status).toBe(403);
    expect(strangerTry.body.message).toBe("Vous n'avez pas accès à ce village.");
    expect((await invite(creator, '0193a3f0-0000-7000-8000-000000000000', body)).status).toBe(404);
    // The creator cannot invite in a helper's name.
    const inTheirName = await invite(creator, village.id, body);
    expect(inTheirName.status).toBe(403);
    expect(inTheirName.body.message).toBe("Cette action ne peut pas être faite au nom d'une autre personne.");

    const created = await invite(creator, village.id, { ...body, inviter_id: village.creatorVillagerId });
    const invitationId = created.body.data[0].id;
    const helperWithdraw = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/invitations/${invitationId}?villager_id=${helperVillager}`,
      { token: helper.token },
    );
    expect(helperWithdraw.status).toBe(403);
    world.clock.advance(2 * 3600_000);
    const helperResend = await world.request('POST', `/v1/villages/${village.id}/invitations/${invitationId}/resend`, {
      token: helper.token,
      json: { villager_id: helperVillager },
    });
    expect(helperResend.status).toBe(403);
    expect(await world.db.select().from(invitations).where(eq(invitations.id, invitationId))).toMatchObject([{ withdrawnAt: null }]);
  });

  it('refuses more than 50 addresses and a bad one in French, and skips those already in the village', async () => {
    const { creator, helper, village } = await world.villageWithHelper();
    const many = Array.from({ length: 51 }, (_, i) => `ami${i}@exemple.fr`);
    const tooMany = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([{ field: 'emails', message: 'Pas plus de 50 adresses à la fois' }]);
    const bad = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: ['ok@exemple.fr', 'pas-une-adresse'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'emails.1', message: "L'email n'est pas valide" }]);
    const none = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [] });
    expect(none.body.errors).toEqual([{ field: 'emails', message: 'Indiquez au moins une adresse e-mail' }]);

    const newcomer = address('nina');
    const mixed = await invite(creator, village.id, {
      inviter_id: village.creatorVillagerId,
      emails: [helper.email.toUpperCase(), newcomer],
    });
    expect(mixed.status).toBe(201);
    expect(mixed.body.data.map((i: { email: string }) => i.email)).toEqual([newcomer]);
    await sender.runDue();
    expect(receivedBy(newcomer)).toHaveLength(1);
    expect(receivedBy(helper.email)).toHaveLength(0);
  });

  it('mails a pending invitation again at most once an hour, with a new link, and answers 409 in French before', async () => {
    const { creator, village } = await world.villageWithHelper();
    const paul = address('paul');
    const first = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [paul] });
    const id = first.body.data[0].id;
    const resend = () =>
      world.request('POST', `/v1/villages/${village.id}/invitations/${id}/resend`, {
        token: creator.token,
        json: { villager_id: village.creatorVillagerId },
      });

    world.clock.advance(20 * 60_000);
    const early = await resend();
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Cette invitation vient d’être envoyée\u00a0: vous pourrez la renvoyer dans une heure.');
    expect(early.headers.get('Retry-After')).toBe(String(40 * 60));
    // Invited again within the hour: answered, not mailed again.
    const again = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [paul] });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);

    world.clock.advance(40 * 60_000);
    const later = await resend();
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({
      id,
      email: paul,
      last_sent_at: world.clock.now().toISOString(),
      created_at: first.body.data[0].created_at,
    });
    await sender.runDue();
    const links = receivedBy(paul).map((mail) => new URL(linkIn(mail.text)!).searchParams.get('i'));
    expect(links).toHaveLength(2);
    expect(links[0]).not.toBe(links[1]);
    expect((await resend()).status).toBe(409);
  });

  it('sends nothing twice when a write is replayed with its Idempotency-Key', async () => {
    const { creator, village } = await world.villageWithHelper();
    const rose = address('rose');
    const headers = { 'Idempotency-Key': `invite-${rose}` };
    const first = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [rose] }, headers);
    world.clock.advance(2 * 3600_000);
    const replay = await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [rose] }, headers);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    await sender.runDue();
    expect(receivedBy(rose)).toHaveLength(1);
  });

  it('lists the pending invitations; a withdrawn one leaves the list and its link names nobody', async () => {
    const { creator, village } = await world.villageWithHelper();
    const [anna, hugo] = [address('anna'), address('hugo')];
    await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [anna, hugo] });
    await sender.runDue();
    const token = new URL(linkIn(receivedBy(anna)[0].text)!).searchParams.get('i')!;
    const list = await world.request('GET', `/v1/villages/${village.id}/invitations`, { token: creator.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { email: string }) => i.email).sort()).toEqual([anna, hugo].sort());
    const annaId = list.body.data.find((i: { email: string }) => i.email === anna).id;

    const withdrawn = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/invitations/${annaId}?villager_id=${village.creatorVillagerId}`,
      { token: creator.token },
    );
    expect(withdrawn.status).toBe(204);
    const after = await world.request('GET', `/v1/villages/${village.id}/invitations`, { token: creator.token });
    expect(after.body.data.map((i: { email: string }) => i.email)).toEqual([hugo]);
    const preview = await world.request('GET', `/v1/villages/join/preview?c=${village.shareCode}&i=${token}`);
    expect(preview.body.data.inviter_first_name).toBeNull();
    // Again (another device): still 204; one that does not exist: 404 in French.
    expect(
      (
        await world.request('DELETE', `/v1/villages/${village.id}/invitations/${annaId}`, {
          token: creator.token,
          json: { villager_id: village.creatorVillagerId },
        })
      ).status,
    ).toBe(204);
    const unknown = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/invitations/0193a3f0-0000-7000-8000-000000000000?villager_id=${village.creatorVillagerId}`,
      { token: creator.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cette invitation est introuvable.');
    world.clock.advance(2 * 3600_000);
    const resendWithdrawn = await world.request('POST', `/v1/villages/${village.id}/invitations/${annaId}/resend`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId },
    });
    expect(resendWithdrawn.status).toBe(404);
  });

  it('previews the link naming who invites, and joining with it accepts the invitation', async () => {
    const { creator, village } = await world.villageWithHelper();
    const other = await world.village(await world.user('Olga'));
    const tom = address('tom');
    await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [tom] });
    await sender.runDue();
    const link = new URL(linkIn(receivedBy(tom)[0].text)!);
    const token = link.searchParams.get('i')!;

    const preview = await world.request('GET', `/v1/villages/join/preview?c=${link.searchParams.get('c')}&i=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      data: { village_name: 'Le village de Jeanne', first_name: 'Jeanne', photo: null, inviter_first_name: 'Claire' },
    });
    // Another village's code, or a made-up token: nobody named, nothing else said.
    expect(
      (await world.request('GET', `/v1/villages/join/preview?c=${other.shareCode}&i=${token}`)).body.data.inviter_first_name,
    ).toBeNull();
    expect(
      (await world.request('GET', `/v1/villages/join/preview?c=${village.shareCode}&i=invente`)).body.data.inviter_first_name,
    ).toBeNull();

    // Tom registers with another address than the one invited: the token alone accepts it.
    const tomUser = await world.user('Tom');
    const joined = await world.request('PUT', '/v1/villages/join/helper', {
      token: tomUser.token,
      json: { share_code: village.shareCode, invitation_token: token },
    });
    expect(joined.status).toBe(201);
    const [row] = await world.db.select().from(invitations).where(eq(invitations.email, tom));
    expect(row).toMatchObject({ acceptedBy: tomUser.id, acceptedAt: world.clock.now() });
    const list = await world.request('GET', `/v1/villages/${village.id}/invitations`, { token: creator.token });
    expect(list.body.data).toEqual([]);
    expect(
      (await world.request('GET', `/v1/villages/join/preview?c=${village.shareCode}&i=${token}`)).body.data.inviter_first_name,
    ).toBeNull();
  });

  it('accepts the invitation of a verified address that joins by the code alone', async () => {
    const { creator, village } = await world.villageWithHelper();
    const ines = await world.user('Ines');
    await invite(creator, village.id, { inviter_id: village.creatorVillagerId, emails: [ines.email] });
    await world.join(ines, village.shareCode);
    const list = await world.request('GET', `/v1/villages/${village.id}/invitations`, { token: creator.token });
    expect(list.body.data).toEqual([]);
  });
});
