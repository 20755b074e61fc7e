import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs } from '../../db/schema';
import { parseMail, type ParsedMail } from '../../test/parse-mail';
import { type TestUser } from '../../test/world';
import { chatDigestProducer } from './chat-digest-producer';
import { createSmtpWorld, MAIL_PUBLIC_URL } from '../../test/smtp-world';

const { smtp, world, dispatcher, sender } = await createSmtpWorld();
const PUBLIC_URL = MAIL_PUBLIC_URL;

const HOUR = 3600_000;
const MINUTE = 60_000;
/** Only this file's producer: the other digests are not what these tests count. */
const produce = (perRun?: number) => chatDigestProducer.run(world.db, world.clock.now(), perRun);
const digestsTo = (user: TestUser): ParsedMail[] =>
  smtp.received
    .filter((m) => m.to.includes(user.email))
    .map((m) => parseMail(m.raw))
    .filter((m) => /non lu/.test(m.headers.get('subject')!));
const jobsOf = (villagerId: string) =>
  world.db
    .select()
    .from(mailJobs)
    .where(like(mailJobs.key, `chat:${villagerId}:%`));

async function wantsChat(user: TestUser, json: Record<string, unknown> = { email: { chat: true } }) {
  const res = await world.request('PUT', '/v1/users/me/notification_settings', { token: user.token, json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Claire's village with Hugo, both asking for the chat by e-mail; `others` joined with the defaults. */
async function scene(start: Date, others: Array<[string, { verified?: boolean }?]> = []) {
  world.clock.set(start);
  const cast = await world.villageWithHelper();
  await wantsChat(cast.helper);
  await wantsChat(cast.creator);
  const more: Record<string, { user: TestUser; villager: string }> = {};
  for (const [name, options] of others) {
    const user = await world.user(name, options ?? {});
    more[name] = { user, villager: await world.join(user, cast.village.shareCode) };
  }
  const say = async (who: TestUser, villagerId: string, body: string) => {
    const res = await world.request('POST', `/v1/villages/${cast.village.id}/messages`, {
      token: who.token,
      json: { villager_id: villagerId, body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const claireSays = (body: string) => say(cast.creator, cast.village.creatorVillagerId, body);
  const read = async (who: TestUser) => {
    const res = await world.request('GET', `/v1/villages/${cast.village.id}/messages`, { token: who.token });
    expect(res.status).toBe(200);
  };
  return { ...cast, more, say, claireSays, read };
}

describe('the chat digest', () => {
  it('mails the messages of others after 4 h away, not before, once across runs and dispatchers, then only newer ones at most every 4 h', async () => {
    const start = new Date('2026-12-01T08:00:00Z');
    const { helper, helperVillager, creator, village, claireSays, read } = await scene(start);
    await read(helper);
    world.clock.set(new Date(start.getTime() + HOUR));
    await claireSays('Bonjour à tous');
    world.clock.advance(5 * MINUTE);
    const newest = await claireSays('Qui peut passer   chez Jeanne\njeudi ? ' + 'Elle aimerait de la compagnie. '.repeat(10));

    // Four hours after Hugo's last visit, not before.
    world.clock.set(new Date(start.getTime() + 4 * HOUR - MINUTE));
    await produce();
    expect(await jobsOf(helperVillager)).toHaveLength(0);
    world.clock.set(new Date(start.getTime() + 4 * HOUR));
    await Promise.all([produce(), produce()]);
    world.clock.advance(MINUTE);
    await produce();
    const jobs = await jobsOf(helperVillager);
    expect(jobs.map((job) => job.key)).toEqual([`chat:${helperVillager}:${newest}`]);
    // Claire wrote them: nothing to tell her.
    expect(await jobsOf(village.creatorVillagerId)).toHaveLength(0);

    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    const [mail, ...more] = digestsTo(helper);
    expect(more).toHaveLength(0);
    expect(digestsTo(creator)).toHaveLength(0);
    expect(mail.headers.get('subject')).toBe('2 messages non lus chez Jeanne');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/village\.example\/v1\/mail\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    for (const part of [mail.text!, mail.html!.replace(/&#39;/g, "'")]) {
      expect(part).toContain('Bonjour Hugo,');
      expect(part).toContain('Vous avez 2 messages non lus dans la discussion chez Jeanne');
      expect(part).toContain('Claire, mardi 1er\u00a0décembre à 10\u00a0h\u00a0: «\u00a0Bonjour à tous\u00a0»');
      // Shortened, on one line.
      expect(part).toMatch(
        /Claire, mardi 1er\u00a0décembre à 10\u00a0h\u00a005\u00a0: «\u00a0Qui peut passer chez Jeanne jeudi\u00a0\? Elle aimerait[^»]{100,180}…\u00a0»/,
      );
      expect(part).toContain(`${PUBLIC_URL}/dashboard/villages/${village.id}/chat`);
    }

    // A new message an hour later waits for the 4 hours since the last digest, then comes alone.
    world.clock.set(new Date(start.getTime() + 5 * HOUR));
    await claireSays('Merci Paul !');
    await produce();
    world.clock.set(new Date(start.getTime() + 8 * HOUR - MINUTE));
    await produce();
    expect(await jobsOf(helperVillager)).toHaveLength(1);
    world.clock.set(new Date(start.getTime() + 8 * HOUR));
    await produce();
    await sender.runDue();
    const second = digestsTo(helper)[1];
    expect(second.headers.get('subject')).toBe('1 message non lu chez Jeanne');
    expect(second.text).toContain('«\u00a0Merci Paul\u00a0!\u00a0»');
    expect(second.text).not.toContain('Bonjour à tous');
  });

  it('says nothing of messages read on another device: the messages, the village or its live stream opened', async () => {
    const start = new Date('2026-12-02T08:00:00Z');
    const { helper, village, claireSays, read, more } = await scene(start, [['Ines'], ['Jules']]);
    await wantsChat(more.Ines.user);
    await wantsChat(more.Jules.user);
    world.clock.advance(HOUR);
    await claireSays('Le dîner de jeudi est annulé');
    // Half an hour later each opens the village on some device: Hugo its chat, Inès its page, Jules its live stream.
    world.clock.advance(30 * MINUTE);
    await read(helper);
    const view = await world.request('GET', `/v1/villages/${village.id}`, { token: more.Ines.user.token });
    expect(view.status).toBe(200);
    const ticket = await world.request('POST', `/v1/villages/${village.id}/events/ticket`, { token: more.Jules.user.token });
    expect(ticket.status).toBe(200);
    const stream = await world.app.request(`/v1/villages/${village.id}/events?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();

    world.clock.set(new Date(start.getTime() + 10 * HOUR));
    await produce();
    await sender.runDue();
    for (const user of [helper, more.Ines.user, more.Jules.user]) expect(digestsTo(user)).toHaveLength(0);
  });

  it('goes only to who asked for it: off by default, a muted village, an unverified address', async () => {
    const start = new Date('2026-12-03T08:00:00Z');
    const { helper, village, claireSays, more } = await scene(start, [['Ines'], ['Jules'], ['Karim', { verified: false }]]);
    await wantsChat(more.Jules.user, { email: { chat: true }, muted_village_ids: [village.id] });
    await wantsChat(more.Karim.user);
    world.clock.advance(HOUR);
    await claireSays('Des nouvelles de Jeanne');
    world.clock.set(new Date(start.getTime() + 6 * HOUR));
    await produce();
    await sender.runDue();
    expect(digestsTo(helper)).toHaveLength(1);
    for (const name of ['Ines', 'Jules', 'Karim']) {
      expect(digestsTo(more[name].user)).toHaveLength(0);
      expect(await jobsOf(more[name].villager)).toHaveLength(0);
    }
  });

  it('stops after a one-click unsubscribe', async () => {
    const start = new Date('2026-12-04T08:00:00Z');
    const { helper, helperVillager, claireSays } = await scene(start);
    world.clock.advance(HOUR);
    await claireSays('Premier message');
    world.clock.set(new Date(start.getTime() + 5 * HOUR));
    await produce();
    await sender.runDue();
    const [mail] = digestsTo(helper);
    const oneClick = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1));
    const res = await world.request('POST', oneClick.pathname, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.kind).toBe('chat');

    await claireSays('Second message');
    world.clock.set(new Date(start.getTime() + 12 * HOUR));
    await produce();
    await sender.runDue();
    expect(digestsTo(helper)).toHaveLength(1);
    expect(await jobsOf(helperVillager)).toHaveLength(1);
  });

  it('tells each away member of several villages once, of every message of others, the newest ten quoted', async () => {
    const start = new Date('2026-12-05T08:00:00Z');
    const first = await scene(start);
    const second = await scene(start);
    await first.read(first.helper);
    await second.read(second.helper);
    world.clock.set(new Date(start.getTime() + HOUR));
    for (let i = 1; i <= 12; i += 1) {
      await first.claireSays(`Message ${i}`);
      // Hugo's own message, between them: not told to him, not counted.
      if (i === 6) await first.say(first.helper, first.helperVillager, 'Je réponds');
      world.clock.advance(MINUTE);
    }
    await second.claireSays('Un seul message');

    world.clock.set(new Date(start.getTime() + 4 * HOUR));
    await Promise.all([produce(), produce()]);
    expect(await jobsOf(first.helperVillager)).toHaveLength(1);
    expect(await jobsOf(second.helperVillager)).toHaveLength(1);
    await dispatcher().runDue();
    const [mail, ...more] = digestsTo(first.helper);
    expect(more).toHaveLength(0);
    expect(mail.headers.get('subject')).toBe('12 messages non lus chez Jeanne');
    expect(mail.text).toContain('… et 2 messages plus anciens');
    expect(mail.text).not.toContain('Message 2\u00a0»');
    expect(mail.text).toContain('«\u00a0Message 3\u00a0»');
    expect(mail.text).toContain('«\u00a0Message 12\u00a0»');
    expect(mail.text).not.toContain('Je réponds');
    const [other, ...others] = digestsTo(second.helper);
    expect(others).toHaveLength(0);
    expect(other.headers.get('subject')).toBe('1 message non lu chez Jeanne');
    expect(other.text).toContain(`${PUBLIC_URL}/dashboard/villages/${second.village.id}/chat`);
  });

  /**
   * Three villages of two members each, Claire's message in each, read from `start` + 4 h with two members a run,
   * `instances` at once each minute, 5 minutes: how many helpers were told after each minute. Each is told once.
   */
  async function sharedDigests(start: Date, instances: number) {
    const scenes = [await scene(start), await scene(start), await scene(start)];
    for (const { read, helper } of scenes) await read(helper);
    world.clock.set(new Date(start.getTime() + HOUR));
    for (const { claireSays } of scenes) await claireSays('Des nouvelles de Jeanne');
    world.clock.set(new Date(start.getTime() + 4 * HOUR));
    const told: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await Promise.all(Array.from({ length: instances }, () => produce(2)));
      const jobs = await Promise.all(scenes.map(({ helperVillager }) => jobsOf(helperVillager)));
      for (const list of jobs) expect(list.length).toBeLessThanOrEqual(1);
      told.push(jobs.filter((list) => list.length === 1).length);
      world.clock.advance(MINUTE);
    }
    expect(told.at(-1)).toBe(3);
    await dispatcher().runDue();
    for (const { helper } of scenes) expect(digestsTo(helper)).toHaveLength(1);
    return told;
  }

  it('reads a share of the villages a run, whole, the next minute’s taking over where it stopped, each member told once', async () => {
    // One instance; two members a run, each village has two: a village a run, in the order of their ids.
    expect(await sharedDigests(new Date('2026-12-07T08:00:00Z'), 1)).toEqual([1, 2, 3, 3, 3]);
  });

  it('tells each member once when two instances take their shares at once', async () => {
    // Each reads where the last run stopped when it starts: they take the same share, or one takes the next.
    await sharedDigests(new Date('2026-12-09T08:00:00Z'), 2);
  });
});
