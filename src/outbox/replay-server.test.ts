import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createWorld, type TestUser } from '../../server/test/world';
import type { VillageDatabase } from '../db/database';
import type { MutationKind } from './mutation-kind';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { drainOutbox } from './replay';
import { pullVillage } from './pull-village';
import { BASE_URL, freshDatabase, signIn, transportTo } from '../testing/outbox-world';

// The app's kinds, as the outbox gets them: provided from above (as src/main.tsx does), looked up by the
// names the stored entries carry. The outbox and its tests import no feature.
const kinds = await provideAppMutationKinds();
const [createNeed, updateNeed, deleteNeed, addHelp, deleteHelp, refuseHelp, updateVillage] = [
  'create-need',
  'update-need',
  'delete-need',
  'add-help',
  'delete-help',
  'refuse-help',
  'update-village',
].map((name) => kinds.get(name));

const world = await createWorld();
/** The real app in process: the replayer's requests go through every middleware and route of /v1. */
const serverFetch = ((url: URL | string, init?: RequestInit) => world.app.request(url, init)) as typeof fetch;

let db: VillageDatabase;
let jeanne: TestUser;
let village: { id: string; shareCode: string; creatorVillagerId: string };

beforeEach(async () => {
  db = freshDatabase();
  jeanne = await world.user('Jeanne');
  village = await world.village(jeanne);
  await signIn(db, jeanne.id, jeanne.token);
  // The device starts from what the server has, as the village screen's first pull does.
  const pulled = await pullVillage(transportTo(serverFetch, jeanne.token), db, jeanne.id, village.id);
  expect(pulled.ok).toBe(true);
});
afterEach(() => db.delete());

const drain = (fetch: typeof globalThis.fetch = serverFetch) =>
  drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch }, networkBack: true });

async function onServer(token = jeanne.token) {
  const answer = await world.request('GET', `/v1/villages/${village.id}?include=needs,helps`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as {
    infos: string | null;
    needs: { id: string; name: string; description: string | null }[];
    helps: { id: string; village_need_id: string; comment: string | null }[];
  };
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('replay against the real server', () => {
  it('every kind reaches the server in order, and the device ends with what the server has', async () => {
    const me = village.creatorVillagerId;
    const [kept, dropped] = [uuidv7(), uuidv7()];
    const [help1, help2, help3] = [uuidv7(), uuidv7(), uuidv7()];
    const q = (kind: MutationKind, payload: unknown) => enqueue(kind, payload, { db });
    await q(createNeed, { village_id: village.id, id: kept, input: { villager_id: me, name: 'Courses', description: 'Le mardi' } });
    await q(createNeed, { village_id: village.id, id: dropped, input: { villager_id: me, name: 'Repas' } });
    await q(updateNeed, { village_id: village.id, need_id: kept, input: { updater_id: me, name: 'Grandes courses' } });
    await q(addHelp, {
      village_id: village.id,
      village_need_id: kept,
      id: help1,
      input: { helper_id: me, start_date: '2026-12-01T09:00:00Z', comment: 'Je passe' },
    });
    await q(addHelp, {
      village_id: village.id,
      village_need_id: kept,
      id: help2,
      input: { helper_id: me, start_date: '2026-12-02T09:00:00Z' },
    });
    await q(addHelp, {
      village_id: village.id,
      village_need_id: dropped,
      id: help3,
      input: { helper_id: me, start_date: '2026-12-03T09:00:00Z' },
    });
    await q(deleteHelp, { village_id: village.id, help_id: help2, villager_id: me });
    await q(refuseHelp, { village_id: village.id, help_id: help1, villager_id: me });
    await q(deleteNeed, { village_id: village.id, need_id: dropped, villager_id: me });
    await q(updateVillage, { village_id: village.id, input: { updater_id: me, infos: 'Digicode 1234' } });

    expect(await drain()).toEqual({ state: 'drained', sent: 10, failed: 0 });
    const server = await onServer();
    expect(server.needs.map((n) => [n.id, n.name, n.description])).toEqual([[kept, 'Grandes courses', 'Le mardi']]);
    expect(server.helps).toEqual([]);
    expect(server.infos).toBe('Digicode 1234');
    expect(await db.outbox.count()).toBe(0);

    // What the device shows equals the server's answers (settled), with no pull needed.
    expect(ids(await db.needs.where('village_id').equals(village.id).toArray())).toEqual([kept]);
    expect(await db.needs.get(kept)).toMatchObject({ name: 'Grandes courses', description: 'Le mardi' });
    expect(await db.helps.count()).toBe(0);
    expect((await db.villages.get(village.id))?.infos).toBe('Digicode 1234');
  });

  it('a help added offline on a need made offline arrives with its client ids', async () => {
    const needId = uuidv7();
    const helpId = uuidv7();
    await enqueue(
      createNeed,
      { village_id: village.id, id: needId, input: { villager_id: village.creatorVillagerId, name: 'Courses' } },
      { db },
    );
    await enqueue(
      addHelp,
      {
        village_id: village.id,
        village_need_id: needId,
        id: helpId,
        input: { helper_id: village.creatorVillagerId, start_date: '2026-12-01T09:00:00+01:00', comment: 'Le matin' },
      },
      { db },
    );
    expect(await drain()).toMatchObject({ state: 'drained', sent: 2 });
    const server = await onServer();
    expect(server.helps.map((h) => [h.id, h.village_need_id, h.comment])).toEqual([[helpId, needId, 'Le matin']]);
    expect(await db.helps.get(helpId)).toMatchObject({ start_date: '2026-12-01T08:00:00.000Z', comment: 'Le matin' });
  });

  it("a refusal: the entry fails with the server's French message and the pull takes the effect back", async () => {
    const paul = await world.user('Paul');
    const paulVillager = await world.join(paul, village.shareCode);
    await signIn(db, paul.id, paul.token);
    const needId = uuidv7();
    // A helper may not add a need: the server says so in French.
    const entry = await enqueue(
      createNeed,
      { village_id: village.id, id: needId, input: { villager_id: paulVillager, name: 'Pas permis' } },
      { db },
    );
    expect(await db.needs.get(needId)).toBeDefined();
    expect(await drain()).toEqual({ state: 'drained', sent: 0, failed: 1 });
    expect(await db.outbox.get(entry.seq!)).toMatchObject({
      status: 'failed',
      failure: { status: 403, message: 'Seules les personnes qui gèrent ce village peuvent faire cela.' },
    });
    expect(await db.needs.get(needId)).toBeUndefined();
    expect((await onServer()).needs).toEqual([]);
  });

  it('a lost answer: the resend with the same key changes nothing twice and gets the first answer back', async () => {
    const needId = uuidv7();
    const entry = await enqueue(
      createNeed,
      { village_id: village.id, id: needId, input: { villager_id: village.creatorVillagerId, name: 'Une fois' } },
      { db },
    );
    const seen: { key: string | null; replayed: string | null; status: number }[] = [];
    let lose = true;
    const lossy = (async (url: URL | string, init?: RequestInit) => {
      const response = await world.app.request(url, init);
      seen.push({
        key: new Headers(init?.headers).get('Idempotency-Key'),
        replayed: response.headers.get('Idempotent-Replayed'),
        status: response.status,
      });
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    }) as typeof fetch;
    expect(await drain(lossy)).toMatchObject({ state: 'waiting', reason: 'network' });
    expect(await drain(lossy)).toMatchObject({ state: 'drained', sent: 1 });
    expect(seen).toEqual([
      { key: entry.id, replayed: null, status: 201 },
      { key: entry.id, replayed: 'true', status: 201 },
    ]);
    expect((await onServer()).needs.map((n) => n.id)).toEqual([needId]);
  });

  it('a 401 keeps the queue; the same user signed in again sends it', async () => {
    const needId = uuidv7();
    await signIn(db, jeanne.id, 'jeton-révoqué');
    await enqueue(
      createNeed,
      { village_id: village.id, id: needId, input: { villager_id: village.creatorVillagerId, name: 'Après reconnexion' } },
      { db },
    );
    expect(await drain()).toEqual({ state: 'unauthorized', sent: 0, failed: 0 });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    await signIn(db, jeanne.id, jeanne.token);
    expect(await drain()).toMatchObject({ state: 'drained', sent: 1 });
    expect((await onServer()).needs.map((n) => n.name)).toEqual(['Après reconnexion']);
  });

  it('40 chat messages typed offline all reach the server: past its 30 a minute, the 429 in the batch makes the queue wait its Retry-After', async () => {
    const sendMessage = kinds.get('send-message');
    const bodies = Array.from({ length: 40 }, (_, i) => `Message ${i + 1}`);
    for (const body of bodies)
      await enqueue(sendMessage, { village_id: village.id, id: uuidv7(), input: { villager_id: village.creatorVillagerId, body } }, { db });
    let at = Date.now();
    const drainAt = () => drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: serverFetch }, now: () => at });
    expect(await drainAt()).toEqual({ state: 'waiting', sent: 30, failed: 0, retryAt: at + 60_000, reason: 'server' });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(10);
    at += 60_000;
    world.clock.advance(60_000);
    expect(await drainAt()).toEqual({ state: 'drained', sent: 10, failed: 0 });
    const page = await world.request('GET', `/v1/villages/${village.id}/messages?limit=100`, { token: jeanne.token });
    expect(page.body.data.map((m: { body: string }) => m.body).reverse()).toEqual(bodies);
  });
});
