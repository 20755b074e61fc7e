/**
 * The page's fault runs (replay-under-faults-*.test.ts, one file per setup so that the two workers share
 * them): queued writes drained through the lossy proxy while the server instances behind it are SIGKILLed,
 * then what the server holds read from its database.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../../server/db/open';
import { startLossyProxy } from './lossy-proxy';
import { startPostgres, type ThrowawayPostgres } from './postgres';
import { serverProcess, type ServerProcess } from './server-process';
import { drainThroughFaults, queueWrites, serverState } from './replay-world';

// The scale is 200 writes per run (FAULTS_WRITES=200: about 4.5 minutes here, most of it PGlite's).
// npm test runs 60, enough for a few dozen lost answers and 503s around two kills per run, in about 2 minutes.
export const WRITES = Number(process.env.FAULTS_WRITES ?? 60);
const SEED = Number(process.env.FAULTS_SEED ?? Date.now() % 100_000);
// 15 % of 503s: with batch calls (of 2, FAULTS_BATCH_SIZE) a run makes about 50 calls, and each still meets
// some 503s (at 10 %, about 1 run in 80 would have met none).
const FAULTS = { unavailable: 0.15, lostAnswers: 0.2 };

/** What every setup's test is called after. */
export const TITLE = `${WRITES} queued writes replayed through lost answers, 503s and two SIGKILLs: every write exactly once, in order per village`;

/** A throwaway PostgreSQL server for the file, removed after it (registered before the servers: stopped after them). */
export function throwawayPostgres(): () => ThrowawayPostgres {
  let postgres: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(async () => {
    await postgres?.remove();
  });
  return () => postgres!;
}

/** Starts server processes, each on a data directory of its own; all stopped and removed after the file. */
export function serverInstances(): (databaseUrl?: string) => Promise<{ server: ServerProcess; dataDir: string }> {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  return async (databaseUrl) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'village-faults-'));
    dirs.push(dataDir);
    const server = await serverProcess({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    servers.push(server);
    await server.start();
    return { server, dataDir };
  };
}

type Expected = Awaited<ReturnType<typeof queueWrites>>['expected'];
type Reader = (expected: Expected) => Promise<Awaited<ReturnType<typeof serverState>>>;

/** Queues the writes, drains them through the proxy with a SIGKILL per entry of `kills`, and checks the server holds each once, in order. */
export async function run(label: string, targets: ServerProcess[], kills: ServerProcess[], readServer: Reader) {
  const { db, expected } = await queueWrites(targets[0].base, WRITES);
  const proxy = await startLossyProxy({ targets: targets.map((t) => t.base), seed: SEED, ...FAULTS });
  try {
    const drained = await drainThroughFaults(
      db,
      proxy,
      kills.map((server, i) => ({ server, afterShare: (i + 1) / (kills.length + 1) })),
      WRITES,
      150_000,
    );
    console.info(
      `${label}: ${WRITES} writes, seed ${SEED}, ${drained.drains} drains in ${drained.ms} ms, proxy ${JSON.stringify(proxy.counts)}`,
    );
    expect(proxy.counts.lostAnswers, 'answers lost after the write').toBeGreaterThan(0);
    expect(proxy.counts.unavailable, '503 from the proxy').toBeGreaterThan(0);
  } finally {
    await proxy.close();
  }
  // Nothing left, nothing refused: a write sent twice would have come back 409 and landed in the failed list.
  expect(await db.outbox.toArray()).toEqual([]);
  const state = await readServer(expected);
  expect(state.villages).toEqual(expected.villages);
  expect(state.banned).toBe(true);
  expect(state.idempotencyKeys).toBe(WRITES);
  await db.delete();
}

/** What a data directory that does not open holds: its lock file and its WAL segments. */
export async function dataDirState(dir: string) {
  const lock = await readFile(join(dir, 'postmaster.pid'), 'utf8').catch((error: unknown) => `(${String(error)})`);
  const wal = await readdir(join(dir, 'pg_wal'), { withFileTypes: true }).then(
    (entries) => Promise.all(entries.map(async (e) => `${e.name} ${e.isFile() ? (await stat(join(dir, 'pg_wal', e.name))).size : 'dir'}`)),
    (error: unknown) => [String(error)],
  );
  return `postmaster.pid: ${lock}\npg_wal: ${wal.join(', ')}`;
}

/** Reads a PostgreSQL database beside the running instances. */
export const postgresReader =
  (url: string): Reader =>
  async (expected) => {
    const database = await openPostgres(url, 1);
    try {
      return await serverState(database, expected);
    } finally {
      await database.close();
    }
  };
