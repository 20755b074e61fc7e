/**
 * `npm run bench:village-sizes`: a village read at 5,000 and 20,000 helps, as the app asks for it (needs once,
 * the helps of the last 90 days and ahead: `VILLAGE_APP_INCLUDE` with `helps_from`) and with the spec's full
 * include beside it. Each village has 30 villagers and 50 needs, and a history of 20 helps a day: the
 * 5,000-help village started 220 days ago, the 20,000-help one 970 days ago, and both have their next 30
 * days taken (the API refuses a help in the past, so the helps are written straight into the database).
 *
 * Printed per size: the bytes of one read (gzip, and Brotli as browsers get it), 50 connections for 10 s (req/s, p99),
 * and the rebuild after a write: a need's description changed, then the read timed until its answer (the
 * view is built again for the new revision), 20 times. Targets: at 5,000 helps p99 < 100 ms and the rebuild
 * under 50 ms; at 20,000 the app's pull under 100 KB gzip. On PGlite, and on PostgreSQL with
 * BENCH_DATABASE_URL.
 */
import { v7 as uuidv7 } from 'uuid';
import { bodyLoad } from './body-load';
import { loadAverage } from './load-average';
import { call, inBatches, onEachDatabase, percentile, seedAccounts, startServer } from './bench-server';
import type { Database } from '../../server/db/client';
import { openPglite, openPostgres } from '../../server/db/open';
import { helps } from '../../server/db/schema';
import { recentHelpsFrom, VILLAGE_APP_INCLUDE } from '../../src/contract/villages';

const FULL = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps,helps.villageNeed';
const SIZES = [5_000, 20_000];
const PER_DAY = 20;
const DAYS_AHEAD = 30;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const REBUILDS = 20;
const DAY_MS = 24 * 3600_000;

interface SeededVillage {
  size: number;
  villageId: string;
  token: string;
  creatorToken: string;
  creatorId: string;
  villagerIds: string[];
  needIds: string[];
}

/** A village of 30 villagers and 50 needs, through the API. */
async function openVillage(base: string, tokens: string[], size: number): Promise<SeededVillage> {
  const village = (
    await call(base, 'POST', '/v1/villages', tokens[0], { creation_mode: 2, first_name: 'Jeanne', name: `Village de ${size} aides` })
  ).data;
  const creatorId = village.villagers[0].id;
  await call(base, 'PUT', `/v1/villages/${village.id}/fc`, tokens[0], { creator_id: creatorId });
  await call(base, 'PUT', `/v1/villages/${village.id}/vo`, tokens[0], { villager_id: creatorId });
  const villagerIds: string[] = [creatorId];
  await inBatches(tokens.slice(1), 10, async (token, i) => {
    villagerIds[i + 1] = (await call(base, 'PUT', '/v1/villages/join/helper', token, { share_code: village.share_code })).data.id;
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
  return { size, villageId: village.id, token: tokens[1], creatorToken: tokens[0], creatorId, villagerIds, needIds };
}

/** `size` helps, 20 a day from the past up to 30 days ahead, written straight into the database. */
async function writeHistory(database: Database, village: SeededVillage) {
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const firstDay = DAYS_AHEAD - village.size / PER_DAY;
  const rows = Array.from({ length: village.size }, (_, i) => {
    const day = firstDay + Math.floor(i / PER_DAY);
    const start = new Date(today + day * DAY_MS + (8 + (i % 12)) * 3600_000);
    return {
      id: uuidv7(),
      villageId: village.villageId,
      villageNeedId: village.needIds[i % village.needIds.length],
      helperId: village.villagerIds[i % village.villagerIds.length],
      startDate: start,
      endDate: new Date(start.getTime() + 3600_000),
      comment: i % 3 === 0 ? 'Je peux passer en fin de matinée.' : null,
      createdAt: new Date(start.getTime() - 7 * DAY_MS),
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await database.db.insert(helps).values(rows.slice(i, i + 1_000));
}

async function bytesOf(url: string, token: string, encoding: 'gzip' | 'br') {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': encoding } });
  if (!res.ok) throw new Error(`${url} → ${res.status}`);
  // fetch decompresses: the bytes on the wire are the Content-Length of the compressed answer.
  const sent = Number(res.headers.get('Content-Length'));
  const body = (await res.json()) as { data: { helps: unknown[] } };
  return { sent, encoding: res.headers.get('Content-Encoding'), helps: body.data.helps.length };
}

/** The answer's size gzipped (the target's measure) and in Brotli (what browsers get once it is made). */
async function sizesOf(url: string, token: string) {
  const gzip = await bytesOf(url, token, 'gzip');
  let br = await bytesOf(url, token, 'br');
  for (let i = 0; i < 100 && br.encoding !== 'br'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    br = await bytesOf(url, token, 'br');
  }
  return { helps: gzip.helps, gzipped: gzip.sent, brotli: br.sent };
}

/** The answers loaded by a client that does not decode them (body-load.ts says why autocannon measured itself). */
const load = (url: string, token: string) =>
  bodyLoad(url, { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, deflate, br' }, CONNECTIONS, DURATION_S);

/** A write moves the village's revision; the next read waits for the view of the new one. */
async function rebuildAfterWrite(base: string, path: string, village: SeededVillage) {
  const times: number[] = [];
  for (let i = 0; i < REBUILDS; i++) {
    await call(base, 'PUT', `/v1/villages/${village.villageId}/needs/${village.needIds[0]}`, village.creatorToken, {
      updater_id: village.creatorId,
      description: `Description n° ${i}`,
    });
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${village.token}`, 'Accept-Encoding': 'gzip' } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p90: percentile(times, 90) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function benchOne(label: string, env: Record<string, string>, database: Database) {
  const tokens = await seedAccounts(database, 30, 'sizes');
  await database.close();
  let server = await startServer(env);
  const villages: SeededVillage[] = [];
  try {
    for (const size of SIZES) villages.push(await openVillage(server.base, tokens, size));
  } finally {
    await server.stop();
  }
  const again = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, 2) : await openPglite({ dataDir: `${env.DATA_DIR}/pglite` });
  for (const village of villages) await writeHistory(again, village);
  await again.close();

  server = await startServer(env);
  try {
    console.log(`\n${label}: villages of 30 villagers, 50 needs and ${PER_DAY} helps a day up to ${DAYS_AHEAD} days ahead`);
    for (const village of villages) {
      const appPath = `/v1/villages/${village.villageId}?include=${VILLAGE_APP_INCLUDE}&helps_from=${recentHelpsFrom()}`;
      const fullPath = `/v1/villages/${village.villageId}?include=${FULL}`;
      const app = await sizesOf(`${server.base}${appPath}`, village.token);
      const full = await sizesOf(`${server.base}${fullPath}`, village.token);
      await load(`${server.base}${appPath}`, village.token); // warm-up
      const appLoad = await load(`${server.base}${appPath}`, village.token);
      const fullLoad = await load(`${server.base}${fullPath}`, village.token);
      const appRebuild = await rebuildAfterWrite(server.base, appPath, village);
      const fullRebuild = await rebuildAfterWrite(server.base, fullPath, village);
      console.log(`  ${village.size.toLocaleString('en')} helps (${loadAverage()})`);
      console.log(
        `    the app's read:   ${app.helps} helps, ${kb(app.gzipped)} gzip (${kb(app.brotli)} Brotli); ${appLoad.rps.toFixed(0)} req/s, p99 ${appLoad.p99} ms; after a write ${appRebuild.median.toFixed(1)} ms (p90 ${appRebuild.p90.toFixed(1)})`,
      );
      console.log(
        `    the full include: ${full.helps} helps, ${kb(full.gzipped)} gzip (${kb(full.brotli)} Brotli); ${fullLoad.rps.toFixed(0)} req/s, p99 ${fullLoad.p99} ms; after a write ${fullRebuild.median.toFixed(1)} ms (p90 ${fullRebuild.p90.toFixed(1)})`,
      );
      if (village.size === 5_000) {
        const met = appLoad.p99 < 100 && appRebuild.median < 50;
        console.log(
          `    targets: p99 ${appLoad.p99} ms < 100 ms (ratio ${(appLoad.p99 / 100).toFixed(2)}), rebuild ${appRebuild.median.toFixed(1)} ms < 50 ms (ratio ${(appRebuild.median / 50).toFixed(2)}): ${met ? 'met' : 'NOT met'}`,
        );
      } else {
        console.log(
          `    target: the app's pull ${kb(app.gzipped)} < 100 KB gzip (ratio ${(app.gzipped / 100_000).toFixed(2)}; the full include is ${(full.gzipped / app.gzipped).toFixed(1)}× it): ${app.gzipped < 100_000 ? 'met' : 'NOT met'}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

await onEachDatabase('village-sizes', benchOne);
