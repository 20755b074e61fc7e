import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { drainOutbox } from '../../outbox/replay';
import { describeEntry } from '../../outbox/describe-entry';
import { BASE_URL, freshDatabase, onTheWire, scriptedFetch, seedLocal, signIn, snapshot } from '../../testing/outbox-world';
import { aHelpOn, aNeed, aVillage } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { askReplacement, cancelReplacement, takeOverHelp } from './mutations/replacement';

await provideAppMutationKinds();

let db: VillageDatabase;
const userId = uuidv7();
const village = aVillage({ id: uuidv7() });
const bruno = uuidv7();
const claire = uuidv7();
const need = aNeed({ village_id: village.id, name: 'Dîner' });
// Wednesday 17 March 2027, 19 h in Paris.
const START = '2027-03-17T18:00:00.000Z';
const { village_need: _copy, ...brunos } = aHelpOn(need, { helper_id: bruno, start_date: START, end_date: '2027-03-17T19:30:00.000Z' });
const context = { need_name: 'Dîner', start_date: START, time_zone: 'Europe/Paris' };

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
  await seedLocal(db, village, [need], [brunos]);
});
afterEach(() => db.delete());

const drain = (fetch: typeof globalThis.fetch) => drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch } });

describe('ask-replacement and cancel-replacement', () => {
  const payload = { village_id: village.id, help_id: brunos.id, villager_id: bruno, ...context };

  it('marks the help asked at once (the first moment kept), is the replacement call, and the answer replaces the guess', async () => {
    await enqueue(askReplacement, payload, { db });
    const asked = (await db.helps.get(brunos.id))?.replacement_asked_at;
    expect(asked).toEqual(expect.any(String));
    await db.transaction('rw', [db.helps], () => askReplacement.apply(db, payload, { createdAt: '2030-01-01T00:00:00.000Z' }));
    expect((await db.helps.get(brunos.id))?.replacement_asked_at).toBe(asked);
    expect(onTheWire(askReplacement.request(payload))).toEqual({
      method: 'POST',
      path: `/v1/villages/${village.id}/helps/${brunos.id}/replacement`,
      body: { helper_id: bruno },
    });
    // The year is said only when it is not the current one.
    expect(describeEntry((await db.outbox.toArray())[0])).toMatch(
      /^Demande de remplacement du mercredi 17\u00a0mars( 2027)?, 19\u00a0h sur «\u00a0Dîner\u00a0»$/,
    );
    const answer = { ...brunos, replacement_asked_at: '2026-11-21T10:31:00.000Z' };
    const server = scriptedFetch({ write: [{ status: 201, body: { data: answer } }] });
    expect((await drain(server.fetch)).state).toBe('drained');
    expect((await db.helps.get(brunos.id))?.replacement_asked_at).toBe('2026-11-21T10:31:00.000Z');
  });

  it('takes the request back at once, as a DELETE naming the helper', async () => {
    await enqueue(askReplacement, payload, { db });
    await enqueue(cancelReplacement, payload, { db });
    expect((await db.helps.get(brunos.id))?.replacement_asked_at).toBeNull();
    expect(onTheWire(cancelReplacement.request(payload))).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${village.id}/helps/${brunos.id}/replacement`,
      query: { villager_id: bruno },
    });
  });
});

describe('take-over-help', () => {
  const newId = uuidv7();
  const payload = { village_id: village.id, help_id: brunos.id, id: newId, helper_id: claire, ...context };
  const asked = { ...brunos, replacement_asked_at: '2026-11-21T09:00:00.000Z', comment: 'Je viens avec ma fille' };

  beforeEach(() => db.helps.put(asked));

  it('puts the taker in the old help’s place at once, offline, on the same slot, and sends the new help’s id', async () => {
    await enqueue(takeOverHelp, payload, { db });
    expect(await db.helps.get(brunos.id)).toBeUndefined();
    expect(await db.helps.get(newId)).toMatchObject({
      helper_id: claire,
      village_need_id: need.id,
      start_date: START,
      end_date: brunos.end_date,
      comment: null,
      replacement_asked_at: null,
    });
    expect(onTheWire(takeOverHelp.request(payload))).toEqual({
      method: 'POST',
      path: `/v1/villages/${village.id}/helps/${brunos.id}/take-over`,
      body: { id: newId, helper_id: claire },
    });
  });

  it('refused because someone was faster: the entry fails with the server’s French 409 naming them, and the pull puts the slot back', async () => {
    await enqueue(takeOverHelp, payload, { db });
    const faster = { ...brunos, id: uuidv7(), helper_id: uuidv7(), replacement_asked_at: null };
    const server = scriptedFetch({
      write: [{ status: 409, body: { message: 'Inès a déjà pris le relais.', http_code: 409 } }],
      pull: { status: 200, body: { data: snapshot(village, [need], [faster]) } },
    });
    expect(await drain(server.fetch)).toMatchObject({ failed: 1 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', failure: { status: 409, message: 'Inès a déjà pris le relais.' } });
    expect(describeEntry(entry)).toMatch(/^Relais du mercredi 17\u00a0mars( 2027)?, 19\u00a0h sur «\u00a0Dîner\u00a0»$/);
    expect((await db.helps.toArray()).map((h) => h.helper_id)).toEqual([faster.helper_id]);
  });
});
