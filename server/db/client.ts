import { mergeDrizzleParsers } from './pglite-parsers';
import { pgliteOptions } from './pglite-options';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as schema from './schema';
import { seedCatalogue } from './seed-catalogue';
import { alreadyPrepared } from './prepared';
import { createPgListener } from './pg-listener';
import type { Listen } from '../cache/notifications';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction of it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool itself, for what needs one connection held (the migration lock). */
  pool?: pg.Pool;
  /** LISTEN on channels; the NOTIFYs of every connection (and so of every server instance) arrive here. */
  listen: Listen;
  close(): Promise<void>;
}

/**
 * With the database down, a request waits at most this long for a connection, then fails (503, see
 * server/db/unavailable.ts) instead of hanging; keep-alive notices a connection the network lost.
 */
const POOL_TIMEOUTS = { connectionTimeoutMillis: 5_000, keepAlive: true } as const;

/** Any fixed number, the same for every instance: the key of the advisory lock that migrations hold. */
const MIGRATION_LOCK_KEY = 7_311_482_016;

/**
 * Runs `work` on one connection holding a session-level advisory lock, so two instances starting together on
 * an empty database do not both create the same types and tables (a duplicate `pg_type` key): the second
 * waits, then finds the migrations applied and the catalogue current. Session-level rather than one
 * transaction because drizzle's migrator opens its own transaction.
 */
async function underMigrationLock(database: Database, work: (db: Db) => Promise<void>): Promise<void> {
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work(drizzlePg(client, { schema }) as unknown as Db);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite runs each statement synchronously in WebAssembly, and its lock hands the connection to the next
 * waiter in a promise continuation: under load, the whole queue of statements ran in one microtask burst,
 * and the event loop got no turn to accept connections or read requests. `npm run bench:load` saw ~120
 * connections wait in the kernel's accept queue for seconds, which were its "timeouts" over 10 s. One turn
 * of the event loop before a statement (or transaction) outside a transaction, once statements have run for
 * a few milliseconds without one, lets I/O in between.
 */
const YIELD_EVERY_MS = 5;
function yieldBetweenQueries(client: PGlite) {
  const exclusive = client._runExclusiveTransaction.bind(client);
  let lastTurn = 0;
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    exclusive(async () => {
      // A turn costs the database an idle moment: taken once per few milliseconds of statements, not each time.
      if (performance.now() - lastTurn > YIELD_EVERY_MS) {
        await nextTurn();
        lastTurn = performance.now();
      }
      return fn();
    });
}

/**
 * Embedded PostgreSQL: a directory on disk, memory (no dataDir), or a dumped data directory to start from; or
 * `started`, a PGlite whose start the caller began earlier (npm start begins it before importing the server).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; started?: Promise<PGlite> } = {}): Promise<Database> {
  const client = await (options.started ??
    PGlite.create(options.dataDir, pgliteOptions(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})));
  yieldBetweenQueries(client);
  mergeDrizzleParsers(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // In process: nothing to lose between the database and its listeners.
    async listen(handlers, onHealth) {
      for (const [channel, handle] of Object.entries(handlers)) await client.listen(channel, handle);
      onHealth(true);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_TIMEOUTS });
  // An idle pooled connection that the server drops (database restarted) emits 'error' on the pool: unheard,
  // it would end the process. The pool discards that connection and opens a new one when next asked.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = createPgListener(url);
  return {
    db,
    kind: 'postgres',
    listen: listener.listen,
    pool,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Applies the SQL migrations of `server/db/migrations` and the need catalogue; safe to run at every start,
 * and by several instances at once on one PostgreSQL: they take turns (see `underMigrationLock`).
 */
export async function prepare(database: Database): Promise<void> {
  // What nearly every start finds: nothing to do, seen in three reads (and no wait for the lock).
  if (await alreadyPrepared(database.db, migrationsFolder)) return;
  if (database.kind === 'pglite') {
    // One connection in one process: nobody to race with.
    await migratePglite(database.db as never, { migrationsFolder });
    await seedCatalogue(database.db);
    return;
  }
  await underMigrationLock(database, async (db) => {
    await migratePg(db as never, { migrationsFolder });
    await seedCatalogue(db);
  });
}
