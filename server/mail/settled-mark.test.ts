import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, mailProducerMarks } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';
import { addScheduledNeed } from '../test/schedules';
import { markAddressVerified } from '../auth/address-verified';
import { chatDigestProducer } from './kinds/chat-digest-producer';
import { newSlotsProducer } from './kinds/new-slots-producer';
import { SETTLED_RECHECK_MS } from './settled-mark';

const world = await createWorld();

const HOUR = 3600_000;
const MINUTE = 60_000;

/** When the producer last made a full run (null: never): a run that ends on its mark leaves it as it was. */
async function settledAt(producer: string): Promise<Date | null> {
  const [row] = await world.db.select().from(mailProducerMarks).where(eq(mailProducerMarks.producer, producer));
  return row?.settledAt ?? null;
}
const keysLike = async (pattern: string) =>
  (await world.db.select({ key: mailJobs.key }).from(mailJobs).where(like(mailJobs.key, pattern))).map((row) => row.key);

/** 17 h in Paris in November (UTC+1) of a day, as an instant. */
const parisAt = (day: string, hour: number, minute = 0) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour - 1, minute));

async function wantsChat(user: TestUser) {
  const res = await world.request('PUT', '/v1/users/me/notification_settings', { token: user.token, json: { email: { chat: true } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the settled mark of a scheduled producer', () => {
  it('ends the runs after the day’s digests on the mark, yet mails a member who joins or verifies their address later that day', async () => {
    world.clock.set(parisAt('2026-11-23', 11));
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const hugo = await world.user('Hugo');
    await world.join(hugo, village.shareCode);
    const karim = await world.user('Karim', { verified: false });
    await world.join(karim, village.shareCode);
    await addScheduledNeed(world, creator, village, null, { name: 'Courses' });

    const at17 = parisAt('2026-11-23', 17);
    world.clock.set(at17);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keysLike(`new_slots:${hugo.id}:%`)).toEqual([`new_slots:${hugo.id}:2026-11-23`]);
    expect(await settledAt('new_slots')).toEqual(at17);

    // Nothing written since: the next minutes end on the mark, without a full run.
    world.clock.advance(MINUTE);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBe(0);
    world.clock.advance(MINUTE);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBe(0);
    expect(await settledAt('new_slots')).toEqual(at17);

    // Ines joins after the digests went: the village's revision moved, the next run finds her.
    world.clock.advance(MINUTE);
    const ines = await world.user('Ines');
    await world.join(ines, village.shareCode);
    world.clock.advance(MINUTE);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`new_slots:${ines.id}:%`)).toEqual([`new_slots:${ines.id}:2026-11-23`]);
    expect(await settledAt('new_slots')).toEqual(world.clock.now());

    // Karim verifies his address: no village changed, the newest verification did.
    world.clock.advance(MINUTE);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBe(0);
    expect(await keysLike(`new_slots:${karim.id}:%`)).toEqual([]);
    world.clock.advance(MINUTE);
    await world.db.transaction((tx) => markAddressVerified(tx, karim.id, world.clock.now()));
    world.clock.advance(MINUTE);
    expect(await newSlotsProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`new_slots:${karim.id}:%`)).toEqual([`new_slots:${karim.id}:2026-11-23`]);
  });

  it('mails the chat to a member who turns it on after a settled run, and a message written after it', async () => {
    const start = new Date('2026-12-02T08:00:00Z');
    world.clock.set(start);
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    await wantsChat(helper);
    const ines = await world.user('Ines');
    const inesVillager = await world.join(ines, village.shareCode);
    const claireSays = async (body: string) => {
      const res = await world.request('POST', `/v1/villages/${village.id}/messages`, {
        token: creator.token,
        json: { villager_id: village.creatorVillagerId, body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    world.clock.advance(HOUR);
    const first = await claireSays('Bonjour à tous');

    // Four hours after they joined, Hugo's digest; Ines did not ask for the chat.
    world.clock.set(new Date(start.getTime() + 4 * HOUR));
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(1);
    const settled = world.clock.now();
    world.clock.advance(MINUTE);
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(0);
    expect(await settledAt('chat_digest')).toEqual(settled);

    // Ines asks for it: her choice is newer than the mark.
    world.clock.advance(MINUTE);
    await wantsChat(ines);
    world.clock.advance(MINUTE);
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`chat:${inesVillager}:%`)).toEqual([`chat:${inesVillager}:${first}`]);

    // A message after Hugo's digest is told to him at the minute his 4 hours between digests end, nothing written then.
    world.clock.advance(MINUTE);
    const second = await claireSays('Qui passe jeudi\u00a0?');
    world.clock.advance(MINUTE);
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(0);
    world.clock.set(new Date(start.getTime() + 8 * HOUR - MINUTE));
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(0);
    world.clock.set(new Date(start.getTime() + 8 * HOUR));
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`chat:${helperVillager}:%`)).toContain(`chat:${helperVillager}:${second}`);
  });

  it('reads only the villages written to within a settled chat, and keeps the minute the clock makes the next digest due', async () => {
    const start = new Date('2026-12-03T08:00:00Z');
    const due = new Date(start.getTime() + 4 * HOUR);
    // Denise's village, where Eve has been away since before `start`.
    world.clock.set(new Date(start.getTime() - 4 * HOUR));
    const denise = await world.user('Denise');
    const other = await world.village(denise);
    const eve = await world.user('Eve');
    const eveVillager = await world.join(eve, other.shareCode);
    await wantsChat(eve);
    // Claire's village, where Hugo (joined at `start`) is away from `due` on.
    world.clock.set(start);
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    await wantsChat(helper);
    world.clock.advance(HOUR);
    const said = await world.request('POST', `/v1/villages/${village.id}/messages`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, body: 'Bonjour à tous' },
    });
    expect(said.status).toBe(201);

    // A full run (what the other tests of this file left is told then): nothing yet for Eve or Hugo.
    world.clock.set(new Date(due.getTime() - 5 * MINUTE));
    await chatDigestProducer.run(world.db, world.clock.now());
    expect(await keysLike(`chat:${eveVillager}:%`)).toEqual([]);
    expect(await keysLike(`chat:${helperVillager}:%`)).toEqual([]);
    // Denise writes: the run after reads her village, and tells Eve.
    world.clock.advance(MINUTE);
    const deniseSaid = await world.request('POST', `/v1/villages/${other.id}/messages`, {
      token: denise.token,
      json: { villager_id: other.creatorVillagerId, body: 'Merci pour hier' },
    });
    expect(deniseSaid.status).toBe(201);
    world.clock.advance(MINUTE);
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`chat:${eveVillager}:%`)).toEqual([`chat:${eveVillager}:${deniseSaid.body.data.id}`]);
    // Nothing written since: Hugo's digest comes at the minute he has been away 4 hours, not a minute before.
    world.clock.set(new Date(due.getTime() - MINUTE));
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(0);
    world.clock.set(due);
    expect(await chatDigestProducer.run(world.db, world.clock.now())).toBe(1);
    expect(await keysLike(`chat:${helperVillager}:%`)).toEqual([`chat:${helperVillager}:${said.body.data.id}`]);
  });

  it('runs in full again once the recheck has passed, nothing written', async () => {
    world.clock.set(parisAt('2026-11-24', 17, 30));
    await world.village(await world.user('Claire'));
    await newSlotsProducer.run(world.db, world.clock.now());
    const settled = world.clock.now();
    world.clock.advance(SETTLED_RECHECK_MS - MINUTE);
    await newSlotsProducer.run(world.db, world.clock.now());
    expect(await settledAt('new_slots')).toEqual(settled);
    world.clock.advance(MINUTE);
    await newSlotsProducer.run(world.db, world.clock.now());
    expect(await settledAt('new_slots')).toEqual(world.clock.now());
  });
});
