import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../db/database';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { drainOutbox } from './replay';
import { pullVillage, storeVillageSnapshot } from './pull-village';
import { VILLAGE_APP_INCLUDE } from '../contract/villages';
import { BASE_URL, freshDatabase, scriptedFetch, seedLocal, signIn, snapshot, transportTo, type FakeAnswer } from '../testing/outbox-world';
import { aHelpOn, aNeed, aVillage } from '../testing/factories';

// The app's kinds, as the outbox gets them: provided from above (as src/main.tsx does), looked up by the
// names the stored entries carry. The outbox and its tests import no feature.
const kinds = await provideAppMutationKinds();
const [createNeed, updateNeed, deleteNeed, addHelp, deleteHelp, updateVillage] = [
  'create-need',
  'update-need',
  'delete-need',
  'add-help',
  'delete-help',
  'update-village',
].map((name) => kinds.get(name));

const T0 = Date.parse('2026-11-20T09:00:00.000Z');
let clock = T0;
const now = () => clock;

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const villagerId = uuidv7();
const village = aVillage({ id: villageId });

beforeEach(async () => {
  clock = T0;
  db = freshDatabase();
  await signIn(db, userId, 'jeton-1');
  await seedLocal(db, village);
});
afterEach(() => db.delete());

const queueNeed = (name: string, id = uuidv7()) =>
  enqueue(createNeed, { village_id: villageId, id, input: { villager_id: villagerId, name } }, { db });
const created =
  (name: string, id?: string): FakeAnswer =>
  (req) => ({
    status: 201,
    body: {
      data: aNeed({ village_id: villageId, id: id ?? (req.body as { id: string }).id, name, updated_at: '2026-11-20T09:00:05.000Z' }),
    },
  });
const pending = () => db.outbox.where('status').equals('pending').sortBy('seq');
const drain = (fetch: typeof globalThis.fetch, extra: { random?: () => number; networkBack?: boolean; serverBack?: boolean } = {}) =>
  drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch }, now, ...extra });

describe('order and shape', () => {
  it('sends oldest first, one at a time, with the token and the entry id as Idempotency-Key', async () => {
    const entries = [await queueNeed('Un'), await queueNeed('Deux'), await queueNeed('Trois')];
    let inFlight = 0;
    const fake = scriptedFetch({
      write: [
        async (req) => {
          inFlight++;
          expect(inFlight).toBe(1);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
          return {
            status: 201,
            body: {
              data: aNeed({ village_id: villageId, id: (req.body as { id: string }).id, name: (req.body as { name: string }).name }),
            },
          };
        },
      ],
    });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 3, failed: 0 });
    expect(fake.requests.map((r) => (r.body as { name: string }).name)).toEqual(['Un', 'Deux', 'Trois']);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(entries.map((e) => e.id));
    for (const r of fake.requests) {
      expect(r.headers.authorization).toBe('Bearer jeton-1');
      expect(r.headers['content-type']).toBe('application/json');
      expect(`${r.url.origin}${r.path}`).toBe(`${BASE_URL}/v1/villages/${villageId}/needs`);
    }
    expect(await db.outbox.count()).toBe(0);
  });

  it('puts the query of a DELETE in the address', async () => {
    const need = aNeed({ village_id: villageId });
    await seedLocal(db, village, [need]);
    await enqueue(deleteNeed, { village_id: villageId, need_id: need.id, villager_id: villagerId }, { db });
    const fake = scriptedFetch({ write: [{ status: 204 }] });
    await drain(fake.fetch);
    expect(fake.requests[0].method).toBe('DELETE');
    expect(fake.requests[0].url.searchParams.get('villager_id')).toBe(villagerId);
    expect(fake.requests[0].body).toBeUndefined();
  });

  it("writes the server's answer over the local guess", async () => {
    const entry = await queueNeed('Courses');
    const id = (entry.payload as { id: string }).id;
    await drain(scriptedFetch({ write: [created('Courses (serveur)')] }).fetch);
    expect(await db.needs.get(id)).toMatchObject({ name: 'Courses (serveur)', updated_at: '2026-11-20T09:00:05.000Z' });
  });

  it("keeps a later write's effect when an earlier answer about the same row comes back", async () => {
    const id = uuidv7();
    await queueNeed('Avant', id);
    await enqueue(updateNeed, { village_id: villageId, need_id: id, input: { updater_id: villagerId, name: 'Après' } }, { db });
    // The create goes through, the update must wait (both go in one batch call, so the server puts it off): the
    // create's answer must not show "Avant".
    const fake = scriptedFetch({ write: [created('Avant', id), { status: 503 }] });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', sent: 1, reason: 'server' });
    expect((await db.needs.get(id))?.name).toBe('Après');
  });

  it('keeps the effect of a write made on the same row while the earlier one was on its way', async () => {
    const id = uuidv7();
    await queueNeed('Avant', id);
    const fake = scriptedFetch({
      write: [
        async () => {
          // The user renames the need while its creation is being sent.
          await enqueue(updateNeed, { village_id: villageId, need_id: id, input: { updater_id: villagerId, name: 'Après' } }, { db });
          return (created('Avant', id) as (r: unknown) => FakeAnswer)(null);
        },
        'network-error',
      ],
    });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', sent: 1, reason: 'network' });
    expect((await db.needs.get(id))?.name).toBe('Après');
  });

  it('does not bring back a help whose need a later write still waiting deleted', async () => {
    const need = aNeed({ village_id: villageId });
    await seedLocal(db, village, [need]);
    const helpId = uuidv7();
    await enqueue(
      addHelp,
      { village_id: villageId, village_need_id: need.id, id: helpId, input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' } },
      { db },
    );
    await enqueue(deleteNeed, { village_id: villageId, need_id: need.id, villager_id: villagerId }, { db });
    const fake = scriptedFetch({
      write: [{ status: 201, body: { data: aHelpOn(need, { helper_id: villagerId, id: helpId }) } }, { status: 503 }],
    });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', sent: 1 });
    expect(await db.helps.get(helpId)).toBeUndefined();
    expect(await db.needs.get(need.id)).toBeUndefined();
  });

  it('stops at the first write that must wait, so the order holds', async () => {
    await queueNeed('Un');
    await queueNeed('Deux');
    const fake = scriptedFetch({ write: ['network-error'] });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', sent: 0, reason: 'network' });
    expect(fake.requests).toHaveLength(1);
    expect((await pending()).map((e) => (e.payload as { input: { name: string } }).input.name)).toEqual(['Un', 'Deux']);
  });

  it('lets one replayer at a time run, and answers signed-out without a session', async () => {
    await queueNeed('Un');
    let release!: () => void;
    const fake = scriptedFetch({
      write: [() => new Promise<FakeAnswer>((r) => (release = () => r({ status: 201, body: { data: aNeed({ village_id: villageId }) } })))],
    });
    const first = drain(fake.fetch);
    await new Promise((r) => setTimeout(r, 20));
    expect(await drain(fake.fetch)).toEqual({ state: 'busy' });
    release();
    expect(await first).toMatchObject({ state: 'drained', sent: 1 });
    await db.session.delete('current');
    expect(await drain(fake.fetch)).toEqual({ state: 'signed-out' });
  });
});

describe('backoff', () => {
  it('grows the wait after each failure, with jitter between half and all of 1 s, 2 s, 4 s…', async () => {
    await queueNeed('Un');
    const fake = scriptedFetch({ write: ['network-error'] });
    for (const [attempts, random] of [
      [1, 0],
      [2, 0.999999],
      [3, 0.5],
      [4, 0],
      [5, 0.999999],
    ] as const) {
      const result = await drain(fake.fetch, { random: () => random });
      const [entry] = await pending();
      const ceiling = 1000 * 2 ** (attempts - 1);
      expect(entry.attempts).toBe(attempts);
      expect(entry.lastError).toEqual({ kind: 'network' });
      expect(entry.notBefore - clock).toBeGreaterThanOrEqual(ceiling / 2);
      expect(entry.notBefore - clock).toBeLessThanOrEqual(ceiling);
      expect(result).toEqual({ state: 'waiting', sent: 0, failed: 0, retryAt: entry.notBefore, reason: 'network' });
      // Asked again too early: nothing is sent.
      const sentBefore = fake.requests.length;
      expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', retryAt: entry.notBefore });
      expect(fake.requests).toHaveLength(sentBefore);
      clock = entry.notBefore;
    }
  });

  it('caps the wait at 5 minutes', async () => {
    await queueNeed('Un');
    const [entry] = await pending();
    await db.outbox.update(entry.seq!, { attempts: 30 });
    await drain(scriptedFetch({ write: ['network-error'] }).fetch, { random: () => 0.999999 });
    const [after] = await pending();
    expect(after.notBefore - clock).toBeLessThanOrEqual(5 * 60_000);
    expect(after.notBefore - clock).toBeGreaterThan(4.9 * 60_000);
  });

  it('waits the seconds of Retry-After', async () => {
    await queueNeed('Un');
    const result = await drain(
      scriptedFetch({ write: [{ status: 503, headers: { 'Retry-After': '120' }, body: { message: 'Maintenance' } }] }).fetch,
    );
    expect(result).toMatchObject({ state: 'waiting', reason: 'server', retryAt: clock + 120_000 });
    expect((await pending())[0]).toMatchObject({ attempts: 1, notBefore: clock + 120_000, lastError: { kind: 'server', status: 503 } });
  });

  it('waits until the date of Retry-After, measured on the same clock', async () => {
    await queueNeed('Un');
    const at = new Date(clock + 90_000).toUTCString();
    await drain(scriptedFetch({ write: [{ status: 429, headers: { 'Retry-After': at } }] }).fetch);
    expect((await pending())[0].notBefore).toBe(clock + 90_000);
  });

  it('fails a write whose quota frees in hours, with the French message, and goes on with the next ones', async () => {
    await queueNeed('Un');
    await queueNeed('Deux');
    const message = 'Vous avez envoyé 100 invitations ces dernières 24 heures, le maximum pour un compte.';
    const quota = scriptedFetch({
      write: [{ status: 429, headers: { 'Retry-After': '86400' }, body: { message, http_code: 429 } }, created('Deux')],
    });
    expect(await drain(quota.fetch)).toMatchObject({ state: 'drained', sent: 1, failed: 1 });
    expect(await db.outbox.where('status').equals('failed').toArray()).toEqual([
      expect.objectContaining({ failure: { status: 429, message } }),
    ]);
    // Five minutes is still a wait: the write stays queued, in order.
    await queueNeed('Trois');
    await drain(scriptedFetch({ write: [{ status: 429, headers: { 'Retry-After': '300' } }] }).fetch);
    expect((await pending())[0]).toMatchObject({ status: 'pending', notBefore: clock + 300_000 });
  });

  it.each([408, 425, 429, 500, 502, 503, 504])('keeps the write on %i', async (status) => {
    await queueNeed('Un');
    expect(await drain(scriptedFetch({ write: [{ status }] }).fetch, { random: () => 0 })).toMatchObject({
      state: 'waiting',
      reason: 'server',
    });
    expect((await pending())[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: { kind: 'server', status } });
  });

  it('networkBack lets writes that waited for the network go at once, not those the server put off', async () => {
    await queueNeed('Un');
    await drain(scriptedFetch({ write: ['network-error'] }).fetch);
    const ok = scriptedFetch({ write: [created('Un')] });
    expect(await drain(ok.fetch)).toMatchObject({ state: 'waiting' });
    expect(ok.requests).toHaveLength(0);
    expect(await drain(ok.fetch, { networkBack: true })).toMatchObject({ state: 'drained', sent: 1 });

    await queueNeed('Deux');
    await drain(scriptedFetch({ write: [{ status: 503, headers: { 'Retry-After': '60' } }] }).fetch);
    const again = scriptedFetch({ write: [created('Deux')] });
    expect(await drain(again.fetch, { networkBack: true })).toMatchObject({ state: 'waiting', reason: 'server' });
    expect(again.requests).toHaveLength(0);
    clock += 60_000;
    expect(await drain(again.fetch)).toMatchObject({ state: 'drained', sent: 1 });
  });

  it('serverBack sends at once what an outage put off for minutes, and a new fault backs off from 1 s again', async () => {
    await queueNeed('Un');
    // Nine lost attempts: the next is minutes away.
    for (let i = 0; i < 9; i++) {
      clock = (await pending())[0].notBefore;
      await drain(scriptedFetch({ write: [i % 2 ? 'network-error' : { status: 503 }] }).fetch);
    }
    expect((await pending())[0].notBefore - clock).toBeGreaterThan(60_000);
    const stillDown = scriptedFetch({ write: ['network-error'] });
    expect(await drain(stillDown.fetch, { serverBack: true })).toMatchObject({ state: 'waiting', reason: 'network' });
    expect(stillDown.requests).toHaveLength(1);
    const [entry] = await pending();
    expect(entry.attempts).toBe(1);
    expect(entry.notBefore - clock).toBeLessThanOrEqual(1_000);
    const ok = scriptedFetch({ write: [created('Un')] });
    expect(await drain(ok.fetch, { serverBack: true })).toMatchObject({ state: 'drained', sent: 1 });
  });

  it("serverBack leaves a 429's wait alone: the server is there and asked for it", async () => {
    await queueNeed('Un');
    await drain(scriptedFetch({ write: [{ status: 429, headers: { 'Retry-After': '120' } }] }).fetch);
    const ok = scriptedFetch({ write: [created('Un')] });
    expect(await drain(ok.fetch, { serverBack: true })).toMatchObject({ state: 'waiting', reason: 'server', status: 429 });
    expect(ok.requests).toHaveLength(0);
  });
});

describe('401', () => {
  it('pauses and keeps the queue; a new session of the same user resumes it', async () => {
    const entries = [await queueNeed('Un'), await queueNeed('Deux')];
    const refused = scriptedFetch({ write: [{ status: 401, body: { message: 'Votre session a expiré.' } }] });
    expect(await drain(refused.fetch)).toEqual({ state: 'unauthorized', sent: 0, failed: 0 });
    expect(refused.requests).toHaveLength(1);
    expect((await pending()).map((e) => [e.id, e.attempts, e.status])).toEqual(entries.map((e) => [e.id, 0, 'pending']));

    await signIn(db, userId, 'jeton-2');
    const resumed = scriptedFetch({ write: [created('Un'), created('Deux')] });
    expect(await drain(resumed.fetch)).toEqual({ state: 'drained', sent: 2, failed: 0 });
    expect(resumed.requests.map((r) => r.headers.authorization)).toEqual(['Bearer jeton-2', 'Bearer jeton-2']);
    expect(resumed.requests.map((r) => r.headers['idempotency-key'])).toEqual(entries.map((e) => e.id));
  });

  it("never sends another user's entries, nor re-applies them on a pull", async () => {
    const id = uuidv7();
    await queueNeed('De Jeanne', id);
    await drain(scriptedFetch({ write: [{ status: 401 }] }).fetch);

    const otherUser = uuidv7();
    await signIn(db, otherUser, 'jeton-autre');
    const other = scriptedFetch({ write: [created('x')], pull: { status: 200, body: { data: snapshot(village) } } });
    expect(await drain(other.fetch)).toEqual({ state: 'drained', sent: 0, failed: 0 });
    expect(other.writes()).toHaveLength(0);
    await pullVillage(transportTo(other.fetch, 'jeton-autre'), db, otherUser, villageId);
    expect(await db.needs.get(id)).toBeUndefined();
    expect(await pending()).toHaveLength(1);

    await signIn(db, userId, 'jeton-3');
    const back = scriptedFetch({ write: [created('De Jeanne')] });
    expect(await drain(back.fetch)).toMatchObject({ state: 'drained', sent: 1 });
    expect(back.requests[0].headers.authorization).toBe('Bearer jeton-3');
  });
});

describe('refusals', () => {
  it.each([
    [403, 'Seules les personnes qui gèrent ce village peuvent faire cela.'],
    [404, 'Ce village est introuvable.'],
    [409, 'Cet identifiant est déjà utilisé.'],
    [422, 'Ce champ est requis'],
  ])('%i: the entry is failed with the French message, the pull undoes its effect, the next writes go on', async (status, message) => {
    const refused = await queueNeed('Refusé');
    const refusedId = (refused.payload as { id: string }).id;
    const next = await queueNeed('Accepté');
    const nextId = (next.payload as { id: string }).id;
    expect(await db.needs.get(refusedId)).toBeDefined();
    const fake = scriptedFetch({
      write: [{ status, body: { message, http_code: status } }, created('Accepté')],
      pull: () => ({ status: 200, body: { data: snapshot(village, [aNeed({ village_id: villageId, id: nextId, name: 'Accepté' })]) } }),
    });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 1, failed: 1 });
    expect(await db.outbox.get(refused.seq!)).toMatchObject({ status: 'failed', failure: { status, message } });
    expect(await db.needs.get(refusedId)).toBeUndefined();
    expect(await db.needs.get(nextId)).toMatchObject({ name: 'Accepté' });
    const pull = fake.requests.find((r) => r.method === 'GET')!;
    expect(pull.path).toBe(`/v1/villages/${villageId}`);
    expect(pull.url.searchParams.get('include')).toBe(VILLAGE_APP_INCLUDE);
    // A failed entry is never sent again by itself.
    const later = scriptedFetch({ write: [created('x')] });
    expect(await drain(later.fetch)).toEqual({ state: 'drained', sent: 0, failed: 0 });
    expect(later.requests).toHaveLength(0);
  });

  it("keeps a refusal's field messages, which may say more than its message (a slot cancelled meanwhile)", async () => {
    const entry = await queueNeed('Un');
    const errors = [{ field: 'start_date', message: "Ce créneau n'existe pas ou a été annulé." }];
    await drain(
      scriptedFetch({ write: [{ status: 422, body: { message: 'Certaines informations ne sont pas valides.', http_code: 422, errors } }] })
        .fetch,
    );
    expect((await db.outbox.get(entry.seq!))?.failure).toEqual({
      status: 422,
      message: 'Certaines informations ne sont pas valides.',
      details: ["Ce créneau n'existe pas ou a été annulé."],
    });
  });

  it('keeps a general French message when the answer says nothing usable', async () => {
    const entry = await queueNeed('Un');
    await drain(scriptedFetch({ write: [{ status: 400, body: 'pas du JSON' as never }] }).fetch);
    expect((await db.outbox.get(entry.seq!))?.failure).toEqual({ status: 400, message: 'Le serveur a refusé cette modification.' });
  });

  it('a refused delete comes back with the pull; a write still pending stays applied over it', async () => {
    const need = aNeed({ village_id: villageId, name: 'Courses' });
    const help = aHelpOn(need, { helper_id: villagerId });
    await seedLocal(db, village, [need], [help]);
    await enqueue(deleteNeed, { village_id: villageId, need_id: need.id, villager_id: villagerId }, { db });
    const later = await queueNeed('En attente');
    const laterId = (later.payload as { id: string }).id;
    expect(await db.needs.get(need.id)).toBeUndefined();
    const fake = scriptedFetch({
      write: [{ status: 403, body: { message: 'Refusé' } }, { status: 503 }],
      pull: { status: 200, body: { data: snapshot(village, [need], [help]) } },
    });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', failed: 1, reason: 'server' });
    expect(await db.needs.get(need.id)).toEqual(need);
    expect(await db.helps.get(help.id)).toEqual(help);
    expect(await db.needs.get(laterId)).toMatchObject({ name: 'En attente' });
  });
});

describe('lost answers', () => {
  it('resends with the same Idempotency-Key, and the server applies the write once', async () => {
    // A server that keeps answers by key, as server/http/write.ts does.
    const applied: string[] = [];
    const answers = new Map<string, FakeAnswer>();
    let loseNext = true;
    const server: FakeAnswer = (req) => {
      const key = req.headers['idempotency-key'];
      if (!answers.has(key)) {
        applied.push((req.body as { name: string }).name);
        answers.set(key, {
          status: 201,
          body: { data: aNeed({ village_id: villageId, id: (req.body as { id: string }).id, name: (req.body as { name: string }).name }) },
        });
      }
      if (loseNext) {
        loseNext = false;
        return 'network-error';
      }
      return answers.get(key)!;
    };
    const entry = await queueNeed('Une fois');
    const fake = scriptedFetch({ write: [server] });
    expect(await drain(fake.fetch)).toMatchObject({ state: 'waiting', reason: 'network' });
    expect(await drain(fake.fetch, { networkBack: true })).toMatchObject({ state: 'drained', sent: 1 });
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([entry.id, entry.id]);
    expect(fake.requests[0].body).toEqual(fake.requests[1].body);
    expect(applied).toEqual(['Une fois']);
  });
});

describe('pull then rebase', () => {
  it('never erases a pending change: creations, updates, deletions and helps stay as made here', async () => {
    const kept = aNeed({ village_id: villageId, name: 'Ancien nom' });
    const removed = aNeed({ village_id: villageId, name: 'À supprimer' });
    const removedHelp = aHelpOn(removed, { helper_id: villagerId });
    const goneHelp = aHelpOn(kept, { helper_id: villagerId });
    await seedLocal(db, village, [kept, removed], [removedHelp, goneHelp]);

    const newNeedId = uuidv7();
    const newHelpId = uuidv7();
    await queueNeed('Nouveau', newNeedId);
    await enqueue(updateNeed, { village_id: villageId, need_id: kept.id, input: { updater_id: villagerId, name: 'Nouveau nom' } }, { db });
    await enqueue(deleteNeed, { village_id: villageId, need_id: removed.id, villager_id: villagerId }, { db });
    await enqueue(
      addHelp,
      {
        village_id: villageId,
        village_need_id: newNeedId,
        id: newHelpId,
        input: { helper_id: villagerId, start_date: '2026-12-02T09:00:00Z' },
      },
      { db },
    );
    await enqueue(deleteHelp, { village_id: villageId, help_id: goneHelp.id, villager_id: villagerId }, { db });
    await enqueue(updateVillage, { village_id: villageId, input: { updater_id: villagerId, infos: 'Digicode 1234' } }, { db });
    const before = {
      needs: await db.needs.orderBy('id').toArray(),
      helps: await db.helps.orderBy('id').toArray(),
      village: await db.villages.get(villageId),
    };

    // The server knows none of it yet, and meanwhile someone else added a need.
    const theirs = aNeed({ village_id: villageId, name: "D'un autre" });
    await storeVillageSnapshot(db, snapshot(village, [kept, removed, theirs], [removedHelp, goneHelp]), userId);

    expect(await db.needs.orderBy('id').toArray()).toEqual([...before.needs, theirs].sort((a, b) => a.id.localeCompare(b.id)));
    expect(await db.helps.orderBy('id').toArray()).toEqual(before.helps);
    expect((await db.villages.get(villageId))?.infos).toBe('Digicode 1234');
    expect(before.village?.infos).toBe('Digicode 1234');
    expect(await db.needs.get(removed.id)).toBeUndefined();
    expect(await db.helps.get(newHelpId)).toBeDefined();
  });

  it('pullVillage writes what the server says once nothing is pending, and reports a lost connection', async () => {
    const stale = aNeed({ village_id: villageId, name: 'Supprimé ailleurs' });
    await seedLocal(db, village, [stale]);
    const fresh = aNeed({ village_id: villageId, name: 'Ajouté ailleurs' });
    const fake = scriptedFetch({ write: [], pull: { status: 200, body: { data: snapshot(village, [fresh]) } } });
    const result = await pullVillage(transportTo(fake.fetch, 'jeton-1'), db, userId, villageId);
    expect(result.ok).toBe(true);
    expect(await db.needs.toArray()).toEqual([fresh]);
    expect(fake.requests[0].headers.authorization).toBe('Bearer jeton-1');

    const offline = scriptedFetch({ write: [], pull: 'network-error' });
    expect(await pullVillage(transportTo(offline.fetch, 'jeton-1'), db, userId, villageId)).toEqual({
      ok: false,
      failure: { kind: 'offline' },
    });
    expect(await db.needs.toArray()).toEqual([fresh]);
  });
});
