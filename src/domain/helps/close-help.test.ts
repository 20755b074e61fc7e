import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { drainOutbox } from '../../outbox/replay';
import { describeEntry } from '../../outbox/describe-entry';
import { BASE_URL, freshDatabase, MADE_AT, onTheWire, scriptedFetch, seedLocal, signIn } from '../../testing/outbox-world';
import { aHelpOn, aNeed, aVillage } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { markHelpDone, thankHelper } from './mutations/close-help';
import { thankEveryone } from './mutations/thank-everyone';

await provideAppMutationKinds();

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const organiser = uuidv7();
const hugo = uuidv7();
const need = aNeed({ village_id: villageId, name: 'Dîner' });
// MADE_AT is Saturday 21 November 2026, 10:30 UTC: Thursday's help is over, next Thursday's is not.
const past = aHelpOn(need, { helper_id: hugo, start_date: '2026-11-19T18:00:00.000Z', end_date: '2026-11-19T20:00:00.000Z' });
const future = aHelpOn(need, { helper_id: hugo, start_date: '2026-11-26T18:00:00.000Z' });
const mine = aHelpOn(need, { helper_id: organiser, start_date: '2026-11-19T18:00:00.000Z' });
const longAgo = aHelpOn(need, { helper_id: hugo, start_date: '2026-11-10T18:00:00.000Z' });
const stored = (help: typeof past) => {
  const { village_need: _copy, ...row } = help;
  return row;
};

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
  await seedLocal(db, aVillage({ id: villageId }), [need], [past, future, mine, longAgo].map(stored));
});
afterEach(() => db.delete());

describe('mark-help-done', () => {
  const payload = { village_id: villageId, help_id: past.id, villager_id: organiser, need_name: 'Dîner' };

  it('shows the help done at once, keeps the first moment when said again, and is the done call', async () => {
    await enqueue(markHelpDone, payload, { db });
    const done = (await db.helps.get(past.id))?.done_at;
    expect(done).toEqual(expect.any(String));
    await db.transaction('rw', [db.helps], () => markHelpDone.apply(db, payload, { createdAt: '2030-01-01T00:00:00.000Z' }));
    expect((await db.helps.get(past.id))?.done_at).toBe(done);
    expect(onTheWire(markHelpDone.request(payload))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${villageId}/helps/${past.id}/done`,
      body: { villager_id: organiser },
    });
    expect(describeEntry((await db.outbox.toArray())[0])).toBe("«\u00a0C'est fait\u00a0» sur «\u00a0Dîner\u00a0»");
  });
});

describe('thank-helper', () => {
  const payload = { village_id: villageId, help_id: past.id, input: { thanker_id: organiser, message: 'Merci Hugo\u00a0!' } };

  it('counts the thanks with its word at once (done too), and the answer replaces the guess when replayed', async () => {
    const entry = await enqueue(thankHelper, payload, { db });
    expect(await db.helps.get(past.id)).toMatchObject({
      thanks_count: 1,
      thanks_message: 'Merci Hugo\u00a0!',
      done_at: expect.any(String),
    });
    expect(onTheWire(thankHelper.request(payload))).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/helps/${past.id}/thanks`,
      body: { thanker_id: organiser, message: 'Merci Hugo\u00a0!' },
    });
    const answer = { ...stored(past), done_at: '2026-11-21T10:31:00.000Z', thanks_count: 2, thanks_message: 'Merci Hugo\u00a0!' };
    const server = scriptedFetch({ write: [{ status: 201, body: { data: answer } }] });
    expect((await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: server.fetch } })).state).toBe('drained');
    expect(server.writes()[0].headers['idempotency-key']).toBe(entry.id);
    expect(await db.helps.get(past.id)).toMatchObject({ thanks_count: 2, done_at: '2026-11-21T10:31:00.000Z' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a word longer than the contract allows, writing nothing', async () => {
    await expect(
      enqueue(thankHelper, { ...payload, input: { thanker_id: organiser, message: 'x'.repeat(281) } }, { db }),
    ).rejects.toThrow();
    expect((await db.helps.get(past.id))?.thanks_count).toBe(0);
  });
});

describe('thank-everyone', () => {
  it("thanks at once the week's past helps of others, not the future, one's own nor older ones", async () => {
    const payload = { village_id: villageId, input: { thanker_id: organiser, message: 'Merci à tous\u00a0!' } };
    await enqueue(thankEveryone, payload, { db, now: () => MADE_AT });
    const counts = Object.fromEntries((await db.helps.toArray()).map((h) => [h.id, h.thanks_count]));
    expect(counts).toEqual({ [past.id]: 1, [future.id]: 0, [mine.id]: 0, [longAgo.id]: 0 });
    expect(onTheWire(thankEveryone.request(payload))).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/thanks`,
      body: { thanker_id: organiser, message: 'Merci à tous\u00a0!' },
    });
    // A second time, nothing is left to thank.
    await enqueue(thankEveryone, payload, { db, now: () => MADE_AT });
    expect((await db.helps.get(past.id))?.thanks_count).toBe(1);
  });
});
