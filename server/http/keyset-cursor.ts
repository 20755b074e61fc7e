import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A village's rows paged newest first by an instant, then by id among rows of one instant. */
export interface KeysetColumns {
  table: PgTable;
  id: PgColumn;
  at: PgColumn;
  villageId: PgColumn;
}

/**
 * The rows before a cursor: an instant, or a row's id. Several rows may share an instant, so an id cursor
 * compares (instant, id): paging never skips nor repeats one. An id unknown in the village gives no rows.
 */
export async function beforeCursor(db: Executor, columns: KeysetColumns, villageId: string, cursor: string): Promise<SQL | undefined> {
  if (!UUID_RE.test(cursor)) return lt(columns.at, new Date(cursor));
  const id = cursor.toLowerCase();
  const [row] = await db
    .select({ at: columns.at })
    .from(columns.table)
    .where(and(eq(columns.id, id), eq(columns.villageId, villageId)));
  if (!row) return sql`false`;
  return or(lt(columns.at, row.at), and(eq(columns.at, row.at), lt(columns.id, id)));
}
