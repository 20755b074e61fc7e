/**
 * What the benchmarks share: the server in its own process as `npm start` runs it (so the bench's own
 * work does not share its event loop), a plain API call, and a signed-in account written straight into
 * the database before the server starts (registering through the API would trip its rate limit).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../server/db/client';
import { openPglite, openPostgres, prepare } from '../../server/db/open';
import { sessions, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { newToken } from '../../server/auth/tokens';
import { freePort } from '../support/free-port';
import { startNodeFlags } from '../support/start-script';

const root = join(import.meta.dirname, '..', '..');
/** The embedded database by default, a PostgreSQL server when BENCH_DATABASE_URL is set. */
export const PG_URL = process.env.BENCH_DATABASE_URL;
export const DATABASE_LABEL = PG_URL ? 'PostgreSQL' : 'PGlite';

/** The Node flags of the server process: the start script's, and more to profile it under a bench (BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'). */
const serverNodeArgs = [...startNodeFlags, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];

/** The real server by default; `script` starts another one the same way (the bare Hono app of `bench:api`). */
export async function startServer(env: Record<string, string>, script = 'server/main.ts') {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The address the benches open is the server's public one, as an operator sets it: left to its default
  // (localhost), the photos' addresses were another origin than the page's, and the worker's fetch of every
  // catalogue picture at each start failed (CORS), so that each warm start in bench:lighthouse fetched them all again.
  const child = spawn(process.execPath, [...serverNodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { base, pid: child.pid as number, stop: () => new Promise((r) => (child.on('exit', r), child.kill('SIGTERM'))) };
}

/** One JSON call; a refusal throws with the answer, since a bench must not measure errors. */
export async function call(base: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** `count` accounts with a session each (`seedAccounts`), in the database the server will open (`dataDir/pglite`, or PG_URL); answers their tokens. */
export async function seedUsers(dataDir: string, label: string, count: number) {
  const database = PG_URL ? await openPostgres(PG_URL) : await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    return await seedAccounts(database, count, label);
  } finally {
    await database.close();
  }
}

/** `count` accounts with a session each, written straight into the database before the server starts; answers their tokens. */
export async function seedAccounts(database: Database, count: number, label = 'bench'): Promise<string[]> {
  await prepare(database);
  const passwordHash = await hashPassword('motdepasse-bench');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = uuidv7();
    await database.db
      .insert(users)
      .values({ id, email: `${label}.${i}.${id}@exemple.fr`, passwordHash, firstName: `Prénom${i}`, lastName: 'Banc' });
    const { token, hash } = newToken();
    await database.db.insert(sessions).values({ tokenHash: hash, userId: id });
    tokens.push(token);
  }
  return tokens;
}

/** Runs `run` over `items`, `size` at a time. */
export async function inBatches<T>(items: T[], size: number, run: (item: T, i: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)));
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs a bench on the embedded PGlite, then on a database of its own on `BENCH_DATABASE_URL`'s server when
 * it is set (created for the run and dropped after); each with a data directory of its own.
 */
export async function onEachDatabase(
  prefix: string,
  bench: (label: string, env: Record<string, string>, database: Database) => Promise<void>,
) {
  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  try {
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    await bench('PGlite (embedded)', { DATA_DIR: dataDir }, await openPglite({ dataDir: join(dataDir, 'pglite') }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (!PG_URL) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to a server to run it there too)');
    return;
  }
  const name = `${prefix.replace(/-/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(PG_URL);
  target.pathname = `/${name}`;
  const pgDataDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  try {
    await bench('PostgreSQL', { DATABASE_URL: target.toString(), DATA_DIR: pgDataDir }, await openPostgres(target.toString(), 2));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(pgDataDir, { recursive: true, force: true });
  }
}
