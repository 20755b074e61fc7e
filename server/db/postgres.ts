/**
 * What only a PostgreSQL server needs: its pool and the migrations under a lock. Imported by open.ts when a
 * PostgreSQL database is opened, so that pg and drizzle's driver for it stay out of a start on PGlite.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './client';
import { createPgListener } from './pg-listener';
import { nameStatements } from './named-statements';
import * as schema from './schema';
import { seedCatalogue } from './seed-catalogue';

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

/** A pool of `max` connections to the server at `url`, and its listener (pg-listener.ts). */
export async function openPostgresPool(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_TIMEOUTS });
  // An idle pooled connection that the server drops (database restarted) emits 'error' on the pool: unheard,
  // it would end the process. The pool discards that connection and opens a new one when next asked.
  pool.on('error', () => undefined);
  // Each connection parses a statement once (named-statements.ts).
  pool.on('connect', nameStatements);
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

/** The migrations and the catalogue, one instance at a time (`underMigrationLock`). */
export async function migratePostgres(database: Database, migrationsFolder: string): Promise<void> {
  await underMigrationLock(database, async (db) => {
    await migratePg(db as never, { migrationsFolder });
    await seedCatalogue(db);
  });
}
