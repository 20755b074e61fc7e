import { mergeDrizzleParsers } from './pglite-parsers';
import { pgliteOptions } from './pglite-options';
import { prepareStatements } from './pglite-statements';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as schema from './schema';
import { seedCatalogue } from './seed-catalogue';
import { alreadyPrepared } from './prepared';
import type { Database, Db } from './client';

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
  // Both wrap PGlite's query: statements named once (pglite-statements.ts), drizzle's parsers made PGlite's own.
  prepareStatements(client);
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

/**
 * A PostgreSQL server's pool (server/db/postgres.ts): pg and drizzle's driver for it are loaded only here, so that
 * a start on the embedded database (`npm start`, timed by `npm run bench:start`) never loads them.
 */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  return (await import('./postgres')).openPostgresPool(url, max);
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
  await (await import('./postgres')).migratePostgres(database, migrationsFolder);
}
