/**
 * `npm run bench:api`: GET /v1/villages/{id} as the app asks for it (needs once, the helps of the last 90 days
 * and ahead: the target) and with the spec's full include (beside it), for a village of 30 villagers,
 * 50 needs and 500 helps plus a need with a daily slot for two years (730 occurrences, 30 of them taken),
 * and GET /v1/villages/{id}/slots for the coming month, under 50 connections, beside the trivial /v1/health
 * of the same server in the same run. On PGlite always; on PostgreSQL too when BENCH_DATABASE_URL names a server (a database is
 * created there for the run and dropped after). The server runs in its own process, as `npm start` does.
 * The request path: that /v1/health against a bare Hono app on @hono/node-server answering the same JSON
 * (tests/bench/bare-hono.ts, its own process started the same way), alternating, same autocannon settings.
 * The village's and the slots' answers are loaded by a client that does not decode them (body-load.ts: under
 * autocannon the bench, not the server, was the limit), and their ratio is taken against the faster of
 * /v1/health's two figures, autocannon's and that client's.
 */
import autocannon from 'autocannon';
import { bodyLoad } from './body-load';
import { loadAverage } from './load-average';
import { call, inBatches, onEachDatabase, seedAccounts, startServer } from './bench-server';
import type { Database } from '../../server/db/client';
import { recentHelpsFrom, VILLAGE_APP_INCLUDE } from '../../src/contract/villages';

const FULL = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps,helps.villageNeed';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** The real server's /v1/health and the bare app's, each measured this many times, alternating. */
const HEALTH_ROUNDS = 2;
const REQUEST_PATH_TARGET = 0.6;

async function seed(base: string, tokens: string[]) {
  const people = Array.from({ length: 30 }, (_, i) => i);
  const village = (await call(base, 'POST', '/v1/villages', tokens[0], { creation_mode: 2, first_name: 'Jeanne', name: 'Banc d’essai' }))
    .data;
  const creatorId = village.villagers[0].id;
  await call(base, 'PUT', `/v1/villages/${village.id}/fc`, tokens[0], { creator_id: creatorId });
  await call(base, 'PUT', `/v1/villages/${village.id}/vo`, tokens[0], { villager_id: creatorId });
  const villagerIds: string[] = [creatorId];
  await inBatches(people.slice(1), 10, async (i) => {
    villagerIds[i] = (await call(base, 'PUT', '/v1/villages/join/helper', tokens[i], { share_code: village.share_code })).data.id;
  });
  const needIds: string[] = [];
  await inBatches(
    Array.from({ length: 50 }, (_, i) => i),
    10,
    async (i) => {
      needIds[i] = (
        await call(base, 'POST', `/v1/villages/${village.id}/needs`, tokens[0], {
          villager_id: creatorId,
          name: `Besoin n° ${i}`,
          description: 'Une description de quelques mots pour le banc.',
        })
      ).data.id;
    },
  );
  // Helps must start in the future: from tomorrow on, whatever day the bench runs.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const day = (offset: number, hour: number) =>
    new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate() + offset, hour));
  await inBatches(
    Array.from({ length: 500 }, (_, i) => i),
    20,
    async (i) => {
      const who = i % 30;
      const start = day(i % 60, 8 + (i % 10));
      await call(base, 'POST', `/v1/villages/${village.id}/needs/${needIds[i % 50]}/helps`, tokens[who], {
        helper_id: villagerIds[who],
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 3600_000).toISOString(),
        comment: 'Je peux passer en fin de matinée.',
      });
    },
  );
  // A visit every morning for two years: its 730 slots are expanded, never stored.
  const dtstart = day(0, 0).toISOString().slice(0, 10) + 'T09:00';
  const daily = (
    await call(base, 'POST', `/v1/villages/${village.id}/needs`, tokens[0], {
      villager_id: creatorId,
      name: 'Visite du matin',
      schedule: { dtstart, duration_minutes: 60, rrule: 'FREQ=DAILY', places: 2 },
      address: '12 rue des Lilas, 69003 Lyon',
    })
  ).data;
  const month = { from: new Date().toISOString(), to: new Date(Date.now() + 30 * 24 * 3600_000).toISOString() };
  const slots = (await call(base, 'GET', `/v1/villages/${village.id}/slots?from=${month.from}&to=${month.to}`, tokens[0])).data;
  await inBatches(slots.slice(0, 30), 10, async (slot: { start_date: string }, i) => {
    const who = 1 + (i % 29);
    await call(base, 'POST', `/v1/villages/${village.id}/needs/${daily.id}/helps`, tokens[who], {
      helper_id: villagerIds[who],
      start_date: slot.start_date,
    });
  });
  return { villageId: village.id as string, token: tokens[1], month };
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(
      `${url}: ${failures} failed requests (${result.non2xx} non-2xx ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / result.requests.average,
  };
}

/**
 * /v1/health of the real server against the bare app's, in rounds that alternate the two so that a busier
 * minute of the machine weighs on both; each side's figure is the mean of its rounds.
 */
async function healthAgainstBareHono(base: string) {
  const bareServer = await startServer({}, 'tests/bench/bare-hono.ts');
  try {
    const healthUrl = `${base}/v1/health`;
    const bareUrl = `${bareServer.base}/v1/health`;
    await load(bareUrl, {}); // warm-up of the bare app; the real server was warmed by the village
    const real: Awaited<ReturnType<typeof load>>[] = [];
    const plain: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < HEALTH_ROUNDS; round++) {
      real.push(await load(healthUrl, {}));
      plain.push(await load(bareUrl, {}));
    }
    return { trivial: meanOf(real), bare: meanOf(plain) };
  } finally {
    await bareServer.stop();
  }
}

function meanOf(runs: Awaited<ReturnType<typeof load>>[]) {
  const mean = (pick: (run: (typeof runs)[number]) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return { rps: mean((r) => r.rps), p50: mean((r) => r.p50), p99: mean((r) => r.p99), runs: runs.map((r) => r.rps.toFixed(0)).join(' / ') };
}

async function benchOne(label: string, env: Record<string, string>, database: Database) {
  // Written straight into the database: registering 30 accounts through the API would trip its per-address
  // rate limit, which is working as intended.
  const tokens = await seedAccounts(database, 30);
  await database.close();
  const server = await startServer(env);
  try {
    const { villageId, token, month } = await seed(server.base, tokens);
    // As a browser asks for it: every browser sends Accept-Encoding with gzip.
    const auth = { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, deflate, br' };
    // What the app asks (src/outbox/pull-village.ts): needs once, the helps of the last 90 days and ahead.
    const appPath = `/v1/villages/${villageId}?include=${VILLAGE_APP_INCLUDE}&helps_from=${recentHelpsFrom()}`;
    const fullPath = `/v1/villages/${villageId}?include=${FULL}`;
    const body = await call(server.base, 'GET', fullPath, token);
    // The village's answers by a client that does not decode them (body-load.ts says why).
    const loadBodies = (path: string) => bodyLoad(`${server.base}${path}`, auth, CONNECTIONS, DURATION_S);
    await loadBodies(appPath); // warm-up: JIT, caches
    await loadBodies(fullPath);
    const { trivial, bare } = await healthAgainstBareHono(server.base);
    // /v1/health by the same client as the village, beside autocannon's: the ratio is taken against the
    // faster of the two, so that neither client's own limit can raise it.
    const trivialSameClient = await loadBodies('/v1/health');
    const healthRps = Math.max(trivial.rps, trivialSameClient.rps);
    const village = await loadBodies(appPath);
    const full = await loadBodies(fullPath);
    const slotsPath = `/v1/villages/${villageId}/slots?from=${month.from}&to=${month.to}`;
    const slotCount = (await call(server.base, 'GET', slotsPath, token)).data.length;
    await loadBodies(slotsPath);
    const slots = await loadBodies(slotsPath);
    const ratio = village.rps / healthRps;
    const slotsRatio = slots.rps / healthRps;
    console.log(
      `\n${label}: village of ${body.data.villagers.length} villagers, ${body.data.needs.length} needs, ${body.data.helps.length} helps (gzip: the app's read ${(village.bytes / 1024).toFixed(1)} KiB, the spec's full include ${(full.bytes / 1024).toFixed(1)} KiB)`,
    );
    const pathRatio = trivial.rps / bare.rps;
    console.log(`  GET /v1/health            ${trivial.rps.toFixed(0).padStart(6)} req/s  p50 ${trivial.p50} ms  p99 ${trivial.p99} ms`);
    console.log(`  bare Hono, same route     ${bare.rps.toFixed(0).padStart(6)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms`);
    console.log(
      `  GET /v1/health (undici)   ${trivialSameClient.rps.toFixed(0).padStart(6)} req/s  p50 ${trivialSameClient.p50} ms  p99 ${trivialSameClient.p99} ms  (the client of the reads below)`,
    );
    console.log(
      `  request path: /v1/health at ${pathRatio.toFixed(2)}× the bare app (target ≥ ${REQUEST_PATH_TARGET}×; runs ${trivial.runs} vs ${bare.runs} req/s): ${pathRatio >= REQUEST_PATH_TARGET ? 'met' : 'NOT met'} (${loadAverage()})`,
    );
    console.log(
      `  GET /v1/villages/{id}     ${village.rps.toFixed(0).padStart(6)} req/s  p50 ${village.p50} ms  p99 ${village.p99} ms  (the app's read)`,
    );
    console.log(`  same, spec's full include ${full.rps.toFixed(0).padStart(6)} req/s  p50 ${full.p50} ms  p99 ${full.p99} ms`);
    console.log(
      `  GET …/slots (a month)     ${slots.rps.toFixed(0).padStart(6)} req/s  p50 ${slots.p50} ms  p99 ${slots.p99} ms  (${slotCount} slots)`,
    );
    console.log(
      `  village (the app's read): ratio ${(ratio * 100).toFixed(1)} % of the trivial route's faster figure (${healthRps.toFixed(0)} req/s; target ≥ 25 %), p99 ${village.p99} ms (target < 50 ms): ${ratio >= 0.25 && village.p99 < 50 ? 'met' : 'NOT met'}; full include ${((full.rps / healthRps) * 100).toFixed(1)} %; ${loadAverage()}`,
    );
    console.log(`  slots:   ratio ${(slotsRatio * 100).toFixed(1)} % of the trivial route, p99 ${slots.p99} ms`);
  } finally {
    await server.stop();
  }
}

await onEachDatabase('village-bench', benchOne);
