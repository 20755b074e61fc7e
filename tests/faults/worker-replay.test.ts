/**
 * The service worker's Background Sync replay under the fault suite's faults, in a real Chromium: a production
 * build served by the real server process behind the lossy proxy (the page's origin is the proxy, so the
 * worker's requests meet its faults), writes queued on the device by the app's own enqueue, and then only the
 * worker replays them: no page of the app is open, the test fires `sync` as the browser does, and again
 * whenever an event ends with writes still waiting (the browser's retry, minutes later, here at once), and
 * SIGKILLs the server twice on the way. Chromium gives a sync 3 attempts: a worker needing more is stuck. PGlite only: the page's drain already runs on PostgreSQL and across two
 * instances (replay-under-faults-*.test.ts); what this adds is the worker, not the database.
 */
// Before Dexie is first imported: the writes are queued by the app's code in Node, on fake IndexedDB.
import 'fake-indexeddb/auto';
import { afterAll, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/open';
import { SYNC_TAG } from '../../src/outbox/sync-tag';
import { openBrowser } from '../browser/harness';
import { buildAppInto, temporaryDistDir } from '../browser/pwa-build';
import { copyIntoBrowser, readDevice, workerSync } from './chromium-device';
import { startLossyProxy } from './lossy-proxy';
import { serverProcess } from './server-process';
import { FAULTS_BATCH_SIZE, queueWrites, serverState } from './replay-world';

// 60 writes: 30 s of replay on this machine when idle, 80 s under a load of 9; FAULTS_WRITES raises it as for the page's drain.
const WRITES = Number(process.env.FAULTS_WRITES ?? 60);
const SEED = Number(process.env.FAULTS_SEED ?? Date.now() % 100_000);
const DEADLINE_MS = Math.max(150_000, WRITES * 2_500);

const dist = await temporaryDistDir();
// Batch calls of 2 writes at most in this build, as the page's fault runs (tests/faults/replay-world.ts says why).
process.env.VITE_OUTBOX_BATCH_SIZE = String(FAULTS_BATCH_SIZE);
await buildAppInto(dist, 'worker-replay');
const dataDir = await mkdtemp(join(tmpdir(), 'village-faults-worker-'));
const server = await serverProcess({ DATA_DIR: dataDir, DIST_DIR: dist });
// Faults only once the writes are queued, and only on the API: the shell and the sign-in are not what is tested.
let faulty = false;
// Who sent the requests that met the faults: a worker's fetch names its script as referrer, a page its own address.
const senders = new Set<string>();
const proxy = await startLossyProxy({
  targets: [server.base],
  seed: SEED,
  // As the page's fault runs: 15 % of 503s, so that each run with batch calls still meets some.
  unavailable: 0.15,
  lostAnswers: 0.2,
  faultsOn: (req) => {
    if (!faulty || !(req.url ?? '').startsWith('/v1/')) return false;
    senders.add(new URL(req.headers.referer ?? 'about:none').pathname);
    return true;
  },
});
// A restart still under way when the test ends would start a server after the stop.
const restarts: Promise<void>[] = [];
afterAll(async () => {
  await Promise.allSettled(restarts);
  await proxy.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});
await server.start();
const { context } = await openBrowser();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(
  `the worker alone replays ${WRITES} queued writes through lost answers, 503s and two SIGKILLs: each once, in order per village`,
  async () => {
    const { db, expected } = await queueWrites(server.base, WRITES);
    const session = await db.session.get('current');

    // Jeanne signs in on the device; the worker installs and takes the page.
    const page = await context.newPage();
    await page.goto(`${proxy.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), session!.token);
    await page.goto(`${proxy.base}/dashboard/villages/${expected.villages[0].id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
    await expect.poll(async () => (await readDevice(page)).signedInAs, { timeout: 15_000 }).toBe(expected.userId);

    // The app is closed: this page of the origin runs none of its code, so the page's drain cannot run.
    await page.goto(`${proxy.base}/v1/health`);
    faulty = true;
    await copyIntoBrowser(page, db);
    expect((await readDevice(page)).outbox.map((e) => e.status)).toEqual(Array(WRITES).fill('pending'));

    // The browser fires `sync` when the network is back, and fires a failed one again 5 minutes later, then 15,
    // 3 times in all: here the retries come at once, and they are counted.
    const sync = await workerSync(context, page, proxy.base, SYNC_TAG);
    const kills = [1 / 3, 2 / 3].map((afterShare) => ({ afterShare, done: false }));
    const started = Date.now();
    let syncs = 0;
    let firedAt = 0;
    let seenRunning = false;
    const fire = async () => {
      await sync.fire();
      syncs++;
      firedAt = Date.now();
      seenRunning = false;
    };
    try {
      await fire();
      for (;;) {
        const device = await readDevice(page);
        const pending = device.outbox.filter((e) => e.status === 'pending').length;
        if (Date.now() - started > DEADLINE_MS)
          throw new Error(`not drained in ${DEADLINE_MS} ms: ${JSON.stringify(device.outbox.slice(0, 3))}`);
        for (const kill of kills) {
          if (!kill.done && WRITES - pending >= WRITES * kill.afterShare) {
            kill.done = true;
            // Requests in flight are cut; the worker sees a network failure until the server is back.
            restarts.push(server.restart());
          }
        }
        if (pending === 0 && kills.every((k) => k.done)) break;
        if (device.syncEventRunning) seenRunning = true;
        // The event ended with writes still waiting (it was rejected): the browser's retry. An event over
        // before this loop saw it running shows as a silent worker for a while.
        else if (seenRunning || Date.now() - firedAt > 10_000) await fire();
        await sleep(100);
      }
      await Promise.all(restarts);
    } finally {
      await sync.close();
    }
    console.info(
      `worker replay: ${WRITES} writes, seed ${SEED}, ${syncs} syncs in ${Date.now() - started} ms, proxy ${JSON.stringify(proxy.counts)}`,
    );
    expect([...senders], 'only the worker replayed').toEqual(['/sw.js']);
    expect(syncs, 'sync events: past 3 failed ones, Chromium gives up until the app is opened again').toBeLessThanOrEqual(3);
    expect(proxy.counts.lostAnswers, 'answers lost after the write').toBeGreaterThan(0);
    expect(proxy.counts.unavailable, '503 from the proxy').toBeGreaterThan(0);
    // Nothing left and nothing refused: a write sent twice would have come back 409 and stayed as failed.
    expect((await readDevice(page)).outbox).toEqual([]);

    // The embedded database has one owner: read once the server is stopped.
    await server.stop();
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const state = await serverState(database, expected);
      expect(state.villages).toEqual(expected.villages);
      expect(state.banned).toBe(true);
      expect(state.idempotencyKeys).toBe(WRITES);
    } finally {
      await database.close();
    }
    await db.delete();
  },
  DEADLINE_MS + 90_000,
);
