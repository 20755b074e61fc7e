/**
 * One run of the fault suite: a device (the app's own outbox on fake IndexedDB, as the page's drain runs it)
 * queues writes of two villages, then drains them through a lossy proxy while the server instances behind
 * it are SIGKILLed and restarted; then what the server holds is read straight from its database.
 */
import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { sql } from 'drizzle-orm';
import { VillageDatabase } from '../../src/db/database';
import { enqueue } from '../../src/outbox/enqueue';
import { drainOutbox } from '../../src/outbox/replay';
import { pullVillage } from '../../src/outbox/pull-village';
import { provideAppMutationKinds } from '../../src/testing/mutation-kinds';
import type { Database } from '../../server/db/client';
import type { LossyProxy } from './lossy-proxy';
import type { ServerProcess } from './server-process';

const kinds = await provideAppMutationKinds();
const kind = (name: string) => kinds.get(name);

async function call(base: string, token: string | null, method: string, path: string, json?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function register(base: string, firstName: string) {
  const who = {
    email: `${firstName.toLowerCase()}-${uuidv7()}@example.org`,
    password: 'motdepasse-solide',
    first_name: firstName,
    last_name: 'Test',
  };
  return (await call(base, null, 'POST', '/v1/auth/register', who)) as { token: string; user: { id: string } };
}

async function openVillage(base: string, token: string, name: string) {
  const created = await call(base, token, 'POST', '/v1/villages', { creation_mode: 2, first_name: 'Jeanne', name });
  const me: string = created.villagers[0].id;
  await call(base, token, 'PUT', `/v1/villages/${created.id}/fc`, { creator_id: me });
  await call(base, token, 'PUT', `/v1/villages/${created.id}/vo`, { villager_id: me });
  return { id: created.id as string, me, shareCode: created.share_code as string };
}

interface Expected {
  villages: { id: string; needs: string[]; helps: string[]; messages: string[]; infos: string | null }[];
  banned: string;
  userId: string;
  writes: number;
}

/** Jeanne's two open villages (Hugo a helper of the first), and `writes` writes queued on a fresh device. */
export async function queueWrites(base: string, writes: number) {
  const jeanne = await register(base, 'Jeanne');
  const hugo = await register(base, 'Hugo');
  const villages = [await openVillage(base, jeanne.token, 'Village A'), await openVillage(base, jeanne.token, 'Village B')];
  const hugoVillager: string = (await call(base, hugo.token, 'PUT', '/v1/villages/join/helper', { share_code: villages[0].shareCode })).id;

  const db = new VillageDatabase(`faults-${uuidv7()}`);
  await db.session.put({ key: 'current', token: jeanne.token, userId: jeanne.user.id });
  for (const v of villages) {
    const pulled = await pullVillage({ baseUrl: base, token: () => jeanne.token }, db, jeanne.user.id, v.id);
    if (!pulled.ok) throw new Error('first pull failed');
  }

  const expected: Expected = {
    villages: villages.map((v) => ({ id: v.id, needs: [], helps: [], messages: [], infos: null })),
    banned: hugoVillager,
    userId: jeanne.user.id,
    writes,
  };
  const lastNeed: string[] = [];
  // The mix of a busy village: needs, helps on them, chat messages and edits of the village, in turn; a ban last.
  for (let i = 0; i < writes - 1; i++) {
    const which = i % 2;
    const k = Math.floor(i / 2);
    const { id: villageId, me } = villages[which];
    const seen = expected.villages[which];
    const id = uuidv7();
    if (k % 4 === 0) {
      await enqueue(kind('create-need'), { village_id: villageId, id, input: { villager_id: me, name: `Besoin ${k}` } }, { db });
      seen.needs.push(id);
      lastNeed[which] = id;
    } else if (k % 4 === 1) {
      const start = new Date(Date.UTC(2027, 0, 1) + k * 3_600_000).toISOString();
      await enqueue(
        kind('add-help'),
        { village_id: villageId, village_need_id: lastNeed[which], id, input: { helper_id: me, start_date: start } },
        { db },
      );
      seen.helps.push(id);
    } else if (k % 4 === 2) {
      await enqueue(kind('send-message'), { village_id: villageId, id, input: { villager_id: me, body: `Message ${k}` } }, { db });
      seen.messages.push(id);
    } else {
      seen.infos = `Édition ${k}`;
      await enqueue(kind('update-village'), { village_id: villageId, input: { updater_id: me, infos: seen.infos } }, { db });
    }
  }
  await enqueue(kind('ban-villager'), { village_id: villages[0].id, villager_id: hugoVillager, deleter_id: villages[0].me }, { db });
  return { db, expected };
}

/**
 * Drains until the queue is empty, as the page does on its timer, but on a clock of its own that jumps to each
 * backoff's end (the waits are the replayer's, not what is tested). While it drains, `kills` fire once each
 * when that share of the writes has gone: the instance is SIGKILLed with requests in flight and started again
 * (one drain may pass two shares: the second restart of an instance then comes once the first is done).
 */
/**
 * The most writes of a batch call under faults: 2, so that a run of 60 writes still makes about 50 calls
 * (a lost answer, a 503 or a kill ends a drain, and the next starts again with one write), enough for
 * every run to meet each fault, while lost batch answers and kills between a batch's writes are met too.
 */
export const FAULTS_BATCH_SIZE = 2;

export async function drainThroughFaults(
  db: VillageDatabase,
  proxy: LossyProxy,
  kills: { afterShare: number; server: ServerProcess }[],
  writes: number,
  deadlineMs: number,
) {
  let skew = 0;
  const now = () => Date.now() + skew;
  const pending = kills.map((k) => ({ ...k, done: false }));
  const restarts: Promise<void>[] = [];
  const started = Date.now();
  let drains = 0;
  for (;;) {
    if (Date.now() - started > deadlineMs) throw new Error(`not drained in ${deadlineMs} ms: ${await db.outbox.count()} left`);
    const left = await db.outbox.where('status').equals('pending').count();
    for (const k of pending) {
      if (!k.done && writes - left >= writes * k.afterShare) {
        k.done = true;
        restarts.push(k.server.restart());
      }
    }
    drains++;
    // Batch calls of 2 writes at most: the faults fall between many calls, as they did between single writes.
    const result = await drainOutbox({ db, transport: { baseUrl: proxy.base }, now, networkBack: true, batchSize: FAULTS_BATCH_SIZE });
    if (result.state === 'drained' && pending.every((k) => k.done)) break;
    if (result.state === 'waiting') skew += Math.max(0, result.retryAt - now());
    else if (result.state !== 'drained') throw new Error(`drain stopped: ${JSON.stringify(result)}`);
    // No server behind the proxy: look again in a while, as the page's timer would, leaving the CPU to the restart.
    const serverDown = result.state === 'waiting' && result.reason === 'network';
    await new Promise((r) => setTimeout(r, serverDown ? 250 : 5));
  }
  await Promise.all(restarts);
  return { drains, ms: Date.now() - started };
}

const rowsOf = async <R>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: R[] }).rows;

/** What the server holds, per village, in the order it was written (creation time), beside what was queued. */
export async function serverState(database: Database, expected: Expected) {
  const villages = [];
  for (const v of expected.villages) {
    const ids = async (table: string, where: string) =>
      (
        await rowsOf<{ id: string }>(
          database,
          sql.raw(`SELECT t.id FROM ${table} t WHERE ${where} = '${v.id}' ORDER BY t.created_at, t.id`),
        )
      ).map((r) => r.id);
    const [village] = await rowsOf<{ infos: string | null }>(database, sql`SELECT infos FROM villages WHERE id = ${v.id}`);
    villages.push({
      id: v.id,
      needs: await ids('village_needs', 't.village_id'),
      helps: await ids('helps', 't.village_id'),
      messages: await ids('messages', 't.village_id'),
      infos: village.infos,
    });
  }
  const [ban] = await rowsOf<{ is_ban: boolean }>(database, sql`SELECT is_ban FROM villagers WHERE id = ${expected.banned}`);
  // One key per write the server did: a write done twice would have been refused (409) or kept twice.
  const [keys] = await rowsOf<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${expected.userId}`,
  );
  return { villages, banned: ban.is_ban, idempotencyKeys: keys.n };
}
