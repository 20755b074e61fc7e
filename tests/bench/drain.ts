/**
 * `npm run bench:drain`: how fast the outbox empties once the network is back. 1,000 writes made offline
 * (500 needs, each with a help) are queued in IndexedDB (fake-indexeddb under Node), then `drainOutbox`
 * sends them to the real server, in its own process on embedded PGlite as `npm start` runs it. The same
 * 1,000 requests are then sent by a plain sequential fetch loop: the ratio is what the outbox itself
 * costs (IndexedDB reads and writes, settling the answers); the time spent waiting on the server is also
 * shown apart. Target: ≥ 200 writes/s. The figures follow the machine's load: the server shares its cores.
 */
import 'fake-indexeddb/auto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { call, DATABASE_LABEL, PG_URL, seedUser, startServer } from './bench-server';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { VillageDatabase } from '../../src/db/database';
import { buildRequest } from '../../src/api/transport';
import { enqueue } from '../../src/outbox/enqueue';
import { drainOutbox } from '../../src/outbox/replay';
import { mutationKinds, provideMutationKinds } from '../../src/outbox/registry';
import type { MutationKind } from '../../src/outbox/mutation-kind';
import { mutationKinds as appKinds } from '../../src/app/mutation-kinds';
import { createNeed } from '../../src/features/needs/mutations/create-need';
import { addHelp } from '../../src/features/helps/mutations/add-help';

const WRITES = 1_000;
const TARGET_PER_S = 200;

// As the page and the worker do at start: the drain looks the kinds up by the names the entries carry.
provideMutationKinds(async () => appKinds);
await mutationKinds();

async function openVillage(base: string, token: string) {
  const village = (await call(base, 'POST', '/v1/villages', token, { creation_mode: 2, first_name: 'Jeanne', name: 'Banc de la file' })).data;
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
    list.push({ kind: createNeed, payload: { village_id: villageId, id: needId, input: { villager_id: me, name: `Besoin n° ${i}`, description: 'Écrit hors ligne.' } } });
    const start = new Date(Date.UTC(2026, 11, 1 + (i % 28), 8 + (i % 10))).toISOString();
    list.push({ kind: addHelp, payload: { village_id: villageId, village_need_id: needId, id: uuidv7(), input: { helper_id: me, start_date: start, comment: 'Je passe.' } } });
  }
  return list;
}

const dataDir = await mkdtemp(join(tmpdir(), 'village-bench-drain-'));
try {
  await mkdir(join(dataDir, 'pglite'), { recursive: true });
  const user = await seedUser(dataDir, 'drain');
  const server = await startServer({ DATA_DIR: dataDir, ...(PG_URL ? { DATABASE_URL: PG_URL } : {}) });
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

    const outboxVillage = await openVillage(server.base, user.token);
    const db = new VillageDatabase(`bench-drain-${uuidv7()}`);
    await db.session.put({ key: 'current', token: user.token, userId: user.id });
    let started = performance.now();
    for (const w of writes(outboxVillage.villageId, outboxVillage.me)) await enqueue(w.kind, w.payload, { db });
    const enqueueMs = performance.now() - started;
    if ((await db.outbox.count()) !== WRITES) throw new Error('the queue does not hold every write');

    // Time spent waiting on the server, apart: the rest of the drain is the outbox's own cost.
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
    const drainMs = performance.now() - started;
    if (result.state !== 'drained' || result.sent !== WRITES || (await db.outbox.count()) !== 0) {
      throw new Error(`the drain did not send everything: ${JSON.stringify(result)}`);
    }

    const plainVillage = await openVillage(server.base, user.token);
    // Built before the clock starts, as the replayer sends them: token, JSON body and an Idempotency-Key, so
    // the server does the same work.
    const plain = writes(plainVillage.villageId, plainVillage.me).map((w) => {
      const { endpoint, args } = w.kind.request(w.payload);
      return buildRequest({ baseUrl: server.base }, endpoint, args, user.token, { idempotencyKey: uuidv7() });
    });
    started = performance.now();
    for (const { url, init } of plain) {
      const res = await fetch(url, init);
      await res.text();
      if (!res.ok) throw new Error(`${init.method} ${url.pathname} → ${res.status}`);
    }
    const plainMs = performance.now() - started;

    const drainRate = (WRITES / drainMs) * 1000;
    const plainRate = (WRITES / plainMs) * 1000;
    console.log(`\nOutbox drain: ${WRITES} writes (${WRITES / 2} create-need, ${WRITES / 2} add-help), server on ${DATABASE_LABEL} in its own process`);
    console.log(`  enqueue (local effect + outbox entry)  ${enqueueMs.toFixed(0).padStart(6)} ms  ${((WRITES / enqueueMs) * 1000).toFixed(0).padStart(5)} writes/s`);
    console.log(`  drainOutbox until empty                 ${drainMs.toFixed(0).padStart(6)} ms  ${drainRate.toFixed(0).padStart(5)} writes/s`);
    console.log(`    of which waiting on the server        ${serverMs.toFixed(0).padStart(6)} ms; the outbox's own work ${((drainMs - serverMs) / WRITES).toFixed(2)} ms a write`);
    console.log(`  plain sequential fetch loop             ${plainMs.toFixed(0).padStart(6)} ms  ${plainRate.toFixed(0).padStart(5)} writes/s`);
    console.log(`  ratio drain/plain ${((drainRate / plainRate) * 100).toFixed(1)} %; target ≥ ${TARGET_PER_S} writes/s: ${drainRate >= TARGET_PER_S ? 'met' : 'NOT met'}`);
    await db.delete();
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
