import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type pg from 'pg';
import type * as schema from './schema';
import type { Listen } from './listen';

/**
 * What the server holds of its database, whichever opened it (open.ts: PGlite or PostgreSQL): drizzle's handle,
 * a transaction of it, and the opened database with what goes with it.
 */
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
