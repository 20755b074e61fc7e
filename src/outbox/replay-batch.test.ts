import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../db/database';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { drainOutbox } from './replay';
import { BASE_URL, freshDatabase, scriptedFetch, seedLocal, signIn, type FakeAnswer, type SeenRequest } from '../testing/outbox-world';
import { aNeed, aVillage } from '../testing/factories';

// Consecutive writes go in `POST /v1/batch` calls (src/outbox/send-batch.ts) of 1 (alone), 2, 4… up to 50
// writes; the fake server answers each of a batch's writes from the script as if sent alone
// (src/testing/outbox-world.ts).
const kinds = await provideAppMutationKinds();
const createNeed = kinds.get('create-need');

const T0 = Date.parse('2026-11-20T09:00:00.000Z');
const now = () => T0;
let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const villagerId = uuidv7();

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId, 'jeton-1');
  await seedLocal(db, aVillage({ id: villageId }));
});
afterEach(() => db.delete());

const queueNeed = (name: string) =>
  enqueue(createNeed, { village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, name } }, { db });
const queueNeeds = async (count: number) => {
  const entries = [];
  for (let i = 0; i < count; i++) entries.push(await queueNeed(`Besoin ${i}`));
  return entries;
};
const created: FakeAnswer = (req) => ({
  status: 201,
  body: { data: aNeed({ village_id: villageId, id: (req.body as { id: string }).id, name: (req.body as { name: string }).name }) },
});
const names = (requests: SeenRequest[]) => requests.map((r) => (r.body as { name: string }).name);
const pendingNames = async () =>
  (await db.outbox.where('status').equals('pending').sortBy('seq')).map((e) => (e.payload as { input: { name: string } }).input.name);
const drain = (fetch: typeof globalThis.fetch, extra: { networkBack?: boolean } = {}) =>
  drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch }, now, random: () => 0, ...extra });

describe('batch calls', () => {
  it('sends consecutive writes in calls of 1, 2, 4… in order, each with its own key, and applies each answer', async () => {
    const entries = await queueNeeds(7);
    const fake = scriptedFetch({ write: [created] });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 7, failed: 0 });
    // The first alone, then two batch calls.
    expect(fake.batches).toEqual([2, 4]);
    expect(names(fake.requests)).toEqual(entries.map((_, i) => `Besoin ${i}`));
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(entries.map((e) => e.id));
    expect(fake.requests.every((r) => r.headers.authorization === 'Bearer jeton-1')).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs.get((entries[6].payload as { id: string }).id)).toMatchObject({ name: 'Besoin 6' });
  });

  it('takes 50 writes a call at most', async () => {
    await queueNeeds(120);
    const fake = scriptedFetch({ write: [created] });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 120, failed: 0 });
    expect(fake.batches).toEqual([2, 4, 8, 16, 32, 50, 7]);
    expect(names(fake.requests)).toEqual(Array.from({ length: 120 }, (_, i) => `Besoin ${i}`));
  });

  it('a refused write in the middle goes to the failed list with its French message; the others go through', async () => {
    await queueNeeds(4);
    const fake = scriptedFetch({
      write: [created, created, { status: 422, body: { message: 'Ce champ est requis', http_code: 422 } }, created],
    });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 3, failed: 1 });
    expect(fake.batches).toEqual([2]);
    const failed = await db.outbox.where('status').equals('failed').toArray();
    expect(failed.map((e) => [(e.payload as { input: { name: string } }).input.name, e.failure?.message])).toEqual([
      ['Besoin 2', 'Ce champ est requis'],
    ]);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
  });

  it('stops at a write the server put off; those after it wait for it, in order', async () => {
    await queueNeeds(5);
    const fake = scriptedFetch({ write: [created, created, { status: 503, headers: { 'Retry-After': '7' } }, created] });
    expect(await drain(fake.fetch)).toEqual({ state: 'waiting', sent: 2, failed: 0, retryAt: T0 + 7_000, reason: 'server' });
    // The second call carried 'Besoin 1' to 'Besoin 2'; the server tried nothing after the one it put off.
    expect(fake.batches).toEqual([2]);
    expect(names(fake.requests)).toEqual(['Besoin 0', 'Besoin 1', 'Besoin 2']);
    expect(await pendingNames()).toEqual(['Besoin 2', 'Besoin 3', 'Besoin 4']);
  });

  it('a 5xx on the batch call keeps its writes, the first one waiting as if sent alone', async () => {
    await queueNeeds(4);
    const inner = scriptedFetch({ write: [created] });
    const batchDown = (async (input: URL | string, init?: RequestInit) =>
      new URL(String(input)).pathname === '/v1/batch'
        ? new Response(JSON.stringify({ message: 'Indisponible', http_code: 503 }), { status: 503, headers: { 'Retry-After': '30' } })
        : inner.fetch(input, init)) as typeof fetch;
    expect(await drain(batchDown)).toEqual({ state: 'waiting', sent: 1, failed: 0, retryAt: T0 + 30_000, reason: 'server' });
    const queue = await db.outbox.where('status').equals('pending').sortBy('seq');
    expect(queue.map((e) => e.attempts)).toEqual([1, 0, 0]);
    expect(await pendingNames()).toEqual(['Besoin 1', 'Besoin 2', 'Besoin 3']);
  });

  it('a lost answer: the batch sent again with the same keys applies each write exactly once', async () => {
    // A server that keeps answers by key, as server/http/write.ts does, and loses the first batch's answer.
    const applied: string[] = [];
    const answers = new Map<string, FakeAnswer>();
    const server: FakeAnswer = (req) => {
      const key = req.headers['idempotency-key'];
      if (!answers.has(key)) {
        applied.push((req.body as { name: string }).name);
        answers.set(key, created(req) as FakeAnswer);
      }
      return answers.get(key)!;
    };
    await queueNeeds(4);
    const inner = scriptedFetch({ write: [server] });
    let lose = true;
    const lossy = (async (input: URL | string, init?: RequestInit) => {
      const res = await inner.fetch(input, init);
      if (lose && new URL(String(input)).pathname === '/v1/batch') {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return res;
    }) as typeof fetch;
    // The first write alone, then the batch of the next two, whose answer is lost.
    expect(await drain(lossy)).toMatchObject({ state: 'waiting', sent: 1, reason: 'network' });
    expect(await drain(lossy, { networkBack: true })).toEqual({ state: 'drained', sent: 3, failed: 0 });
    expect(inner.batches).toEqual([2, 2]);
    expect(applied).toEqual(['Besoin 0', 'Besoin 1', 'Besoin 2', 'Besoin 3']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a server without batch calls gets the writes one at a time', async () => {
    await queueNeeds(3);
    const inner = scriptedFetch({ write: [created] });
    const older = (async (input: URL | string, init?: RequestInit) =>
      new URL(String(input)).pathname === '/v1/batch'
        ? new Response(JSON.stringify({ message: 'Route inconnue', http_code: 404 }), { status: 404 })
        : inner.fetch(input, init)) as typeof fetch;
    expect(await drain(older)).toEqual({ state: 'drained', sent: 3, failed: 0 });
    expect(inner.batches).toEqual([]);
    expect(names(inner.requests)).toEqual(['Besoin 0', 'Besoin 1', 'Besoin 2']);
  });

  it('sends a single write alone, as before', async () => {
    const [entry] = await queueNeeds(1);
    const fake = scriptedFetch({ write: [created] });
    expect(await drain(fake.fetch)).toEqual({ state: 'drained', sent: 1, failed: 0 });
    expect(fake.batches).toEqual([]);
    expect(fake.requests[0].headers['idempotency-key']).toBe(entry.id);
  });
});
