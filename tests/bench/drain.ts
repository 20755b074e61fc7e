/**
 * `npm run bench:drain`: how fast the outbox empties once the network is back. 1,000 writes made offline
 * (500 needs, each with a help) are queued in IndexedDB (fake-indexeddb under Node), then `drainOutbox`
 * sends them to the real server, in its own process as `npm start` runs it, on embedded PGlite, then on
 * PostgreSQL when BENCH_DATABASE_URL is set. The same 1,000 writes are then sent by a plain sequential
 * fetch loop, one request each: the bar. The drain sends them up to 50 in one `POST /v1/batch`, so its
 * ratio to the loop may exceed 1. The time spent waiting on the server is also shown apart. Targets:
 * ≥ 200 writes/s and ≥ 0.8 of the plain loop. The figures follow the machine's load: the server shares
 * its cores.
 */
import 'fake-indexeddb/auto';
import { join } from 'node:path';
import { call, onEachDatabase, startServer } from './bench-server';
import { loadAverage } from './load-average';
import type { Database } from '../../server/db/client';
import { prepare } from '../../server/db/open';
import { sessions, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { newToken } from '../../server/auth/tokens';
import { v7 as uuidv7 } from 'uuid';
import { VillageDatabase } from '../../src/db/database';
import { buildRequest } from '../../src/api/transport';
import { enqueue } from '../../src/outbox/enqueue';
import { drainOutbox } from '../../src/outbox/replay';
import { mutationKinds, provideMutationKinds } from '../../src/outbox/registry';
import type { MutationKind } from '../../src/outbox/mutation-kind';
import { mutationKinds as appKinds } from '../../src/domain/mutation-kinds';
import { createNeed } from '../../src/domain/needs/mutations/create-need';
import { addHelp } from '../../src/domain/helps/mutations/add-help';

const WRITES = 1_000;
const TARGET_PER_S = 200;
const TARGET_RATIO = 0.8;
// Drain and loop in turn, twice: the machine's load moves between runs, and so does the server's warmth.
const ROUNDS = 2;

// As the page and the worker do at start: the drain looks the kinds up by the names the entries carry.
provideMutationKinds(async () => appKinds);
await mutationKinds();

async function openVillage(base: string, token: string) {
  const village = (await call(base, 'POST', '/v1/villages', token, { creation_mode: 2, first_name: 'Jeanne', name: 'Banc de la file' }))
    .data;
  const me: string = village.villagers[0].id;
  await call(base, 'PUT', `/v1/villages/${village.id}/fc`, token, { creator_id: me });
  await call(base, 'PUT', `/v1/villages/${village.id}/vo`, token, { villager_id: me });
  return { villageId: village.id as string, me };
}

/** Half needs, half helps: each need is followed by a help on it, as a day of offline use would queue them. */
function writes(villageId: string, me: string) {
  const list: { kind: MutationKind; payload: unknown }[] = [];
  for (let i = 0; i < WRITES / 2; i++) {
    const needId = uuidv7();
    list.push({
      kind: createNeed,
      payload: { village_id: villageId, id: needId, input: { villager_id: me, name: `Besoin n° ${i}`, description: 'Écrit hors ligne.' } },
    });
    const start = new Date(Date.UTC(2026, 11, 1 + (i % 28), 8 + (i % 10))).toISOString();
    list.push({
      kind: addHelp,
      payload: {
        village_id: villageId,
        village_need_id: needId,
        id: uuidv7(),
        input: { helper_id: me, start_date: start, comment: 'Je passe.' },
      },
    });
  }
  return list;
}

/** One account with a session, written before the server opens the database (PGlite has one opener). */
async function seedUser(database: Database) {
  await prepare(database);
  const id = uuidv7();
  await database.db.insert(users).values({
    id,
    email: `bench.drain.${id}@exemple.fr`,
    passwordHash: await hashPassword('motdepasse-bench'),
    firstName: 'Jeanne',
    lastName: 'Banc',
  });
  const { token, hash } = newToken();
  await database.db.insert(sessions).values({ tokenHash: hash, userId: id });
  await database.close();
  return { id, token };
}

await onEachDatabase('village-bench-drain', async (label, env, database) => {
  const user = await seedUser(database);
  // No PWA to serve (a missing directory): the server must not rebuild the app while the writes are timed.
  const server = await startServer({ ...env, DIST_DIR: join(env.DATA_DIR, 'no-app') });
  try {
    // Warm-up: JIT and the server's first queries, outside both timings.
    const warm = await openVillage(server.base, user.token);
    for (const w of writes(warm.villageId, warm.me).slice(0, 100)) {
      const { endpoint, args } = w.kind.request(w.payload);
      const { url, init } = buildRequest({ baseUrl: server.base }, endpoint, args, user.token);
      const res = await fetch(url, init);
      if (!res.ok) throw new Error(`${init.method} ${url.pathname} → ${res.status} ${await res.text()}`);
      await res.text();
    }

    /** The 1,000 writes queued in a fresh outbox, then drained; the time spent waiting on the server apart. */
    const drainOnce = async () => {
      const village = await openVillage(server.base, user.token);
      const db = new VillageDatabase(`bench-drain-${uuidv7()}`);
      await db.session.put({ key: 'current', token: user.token, userId: user.id });
      let started = performance.now();
      for (const w of writes(village.villageId, village.me)) await enqueue(w.kind, w.payload, { db });
      const enqueueMs = performance.now() - started;
      if ((await db.outbox.count()) !== WRITES) throw new Error('the queue does not hold every write');
      let serverMs = 0;
      const timedFetch = (async (input: URL | string, init?: RequestInit) => {
        const t = performance.now();
        try {
          const res = await globalThis.fetch(input, init);
          const body = await res.arrayBuffer();
          return new Response(res.status === 204 ? null : body, { status: res.status, headers: res.headers });
        } finally {
          serverMs += performance.now() - t;
        }
      }) as typeof fetch;
      started = performance.now();
      const result = await drainOutbox({ db, transport: { baseUrl: server.base, fetch: timedFetch } });
      const ms = performance.now() - started;
      if (result.state !== 'drained' || result.sent !== WRITES || (await db.outbox.count()) !== 0) {
        throw new Error(`the drain did not send everything: ${JSON.stringify(result)}`);
      }
      await db.delete();
      return { enqueueMs, ms, serverMs };
    };

    /** The same writes, one request each, as the replayer built them (token, JSON body, an Idempotency-Key). */
    const plainOnce = async () => {
      const village = await openVillage(server.base, user.token);
      const plain = writes(village.villageId, village.me).map((w) => {
        const { endpoint, args } = w.kind.request(w.payload);
        return buildRequest({ baseUrl: server.base }, endpoint, args, user.token, { idempotencyKey: uuidv7() });
      });
      const started = performance.now();
      for (const { url, init } of plain) {
        const res = await fetch(url, init);
        await res.text();
        if (!res.ok) throw new Error(`${init.method} ${url.pathname} → ${res.status}`);
      }
      return performance.now() - started;
    };

    const rate = (ms: number) => ((WRITES / ms) * 1000).toFixed(0).padStart(5);
    console.log(
      `\nOutbox drain: ${WRITES} writes (${WRITES / 2} create-need, ${WRITES / 2} add-help), server on ${label} in its own process; ${ROUNDS} rounds, drain then loop`,
    );
    let drainTotal = 0;
    let plainTotal = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const drained = await drainOnce();
      const plainMs = await plainOnce();
      drainTotal += drained.ms;
      plainTotal += plainMs;
      console.log(`  round ${round}: enqueue ${drained.enqueueMs.toFixed(0).padStart(5)} ms (${rate(drained.enqueueMs)} writes/s)`);
      console.log(
        `    drainOutbox until empty   ${drained.ms.toFixed(0).padStart(6)} ms  ${rate(drained.ms)} writes/s; waiting on the server ${drained.serverMs.toFixed(0)} ms, the outbox's own work ${((drained.ms - drained.serverMs) / WRITES).toFixed(2)} ms a write`,
      );
      console.log(`    plain sequential loop     ${plainMs.toFixed(0).padStart(6)} ms  ${rate(plainMs)} writes/s; ${loadAverage()}`);
    }
    const drainRate = (ROUNDS * WRITES * 1000) / drainTotal;
    const ratio = plainTotal / drainTotal;
    console.log(
      `  drain ${drainRate.toFixed(0)} writes/s over the rounds, target ≥ ${TARGET_PER_S}: ${drainRate >= TARGET_PER_S ? 'met' : 'NOT met'} (${loadAverage()})`,
    );
    console.log(
      `  ratio drain/plain loop ${ratio.toFixed(2)}×, target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'} (batch calls: above 1× is possible)`,
    );
  } finally {
    await server.stop();
  }
});
