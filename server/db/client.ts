import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import { seedCatalogue } from './seed-catalogue';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction of it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; NOTIFYs of every connection (and so every server instance) arrive here. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Embedded PostgreSQL: a directory on disk, memory (no dataDir), or a dumped data directory to start from. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => void (await client.listen(channel, onPayload)),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One connection of its own holds the LISTENs: a pooled connection may be handed to someone else.
  let listener: pg.Client | undefined;
  const handlers = new Map<string, ((payload: string) => void)[]>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (n) => handlers.get(n.channel)?.forEach((handle) => handle(n.payload ?? '')));
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      handlers.get(channel)!.push(onPayload);
    },
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}

/** Applies the SQL migrations of `server/db/migrations` and the need catalogue; safe to run at every start. */
export async function prepare(database: Database): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePg(database.db as never, { migrationsFolder });
  await seedCatalogue(database.db);
}
