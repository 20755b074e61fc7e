import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import type { Database } from '../db/client';

/** The first line of every backup: what made it, and how far the database's migrations had gone. */
export interface BackupHeader {
  format: 'village-backup';
  version: 1;
  createdAt: string;
  database: Database['kind'];
  /** drizzle's `created_at` of the last migration applied: a restore needs the same schema to put rows back. */
  migration: number;
  tables: string[];
}

export interface BackupSummary {
  file: string;
  rows: number;
  bytes: number;
  ms: number;
}

/** Rows read per FETCH: photos are whole in their row, so a page stays a few megabytes, not a table. */
const PAGE = 200;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The app's tables, each after the tables it references: rows written in this order go back in the same order
 * without a foreign key ever pointing at a row not yet restored. Read from the database itself, so a new
 * table or reference needs nothing here.
 */
export async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((row) => row.name);
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((r) => r.child === table && r.parent !== table)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export async function lastMigration(db: Executor): Promise<number> {
  const [row] = rowsOf<{ last: string | number | null }>(
    await db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`),
  );
  return Number(row?.last ?? 0);
}

/** Each row as PostgreSQL writes it in JSON (bytea as `\x…` hex, dates in ISO): read back by json_populate_recordset. */
async function* rowsOfTable(tx: Tx, table: string): AsyncGenerator<string[]> {
  const cursor = `backup_${table}`;
  await tx.execute(sql.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM "${table}" t`));
  for (;;) {
    const page = rowsOf<{ j: string }>(await tx.execute(sql.raw(`FETCH ${PAGE} FROM ${cursor}`))).map((r) => r.j);
    if (page.length) yield page;
    if (page.length < PAGE) break;
  }
  await tx.execute(sql.raw(`CLOSE ${cursor}`));
}

/**
 * A logical dump of every table, in one REPEATABLE READ transaction: the rows of one moment, whatever is written
 * meanwhile, on PGlite as on PostgreSQL. Photos are rows of `photos` (server/files/database-store.ts), so they are
 * in it. Gzipped JSON lines: the header, then `{"t": table, "r": row}` per row, then `{"end": rows}`, whose absence
 * tells a restore the file was cut short. Written beside its name and renamed at the end: a file named like a
 * backup is a whole one.
 */
export async function writeBackup(database: Database, file: string, now: Date): Promise<BackupSummary> {
  const started = performance.now();
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partiel`;
  const gzip = createGzip();
  // It holds every secret of the server (session hashes, the push keys): for its owner's eyes only.
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(line + '\n')) await once(gzip, 'drain');
  };
  let rows = 0;
  try {
    await database.db.transaction(
      async (tx) => {
        const tables = await tablesInOrder(tx);
        const header: BackupHeader = {
          format: 'village-backup',
          version: 1,
          createdAt: now.toISOString(),
          database: database.kind,
          migration: await lastMigration(tx),
          tables,
        };
        await write(JSON.stringify(header));
        for (const table of tables) {
          const prefix = `{"t":${JSON.stringify(table)},"r":`;
          for await (const page of rowsOfTable(tx, table)) {
            for (const row of page) await write(`${prefix}${row}}`);
            rows += page.length;
          }
        }
        await write(JSON.stringify({ end: rows }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  gzip.end();
  await once(out, 'close');
  await rename(partial, file);
  return { file, rows, bytes: (await stat(file)).size, ms: Math.round(performance.now() - started) };
}

/** `village-2026-11-28T14-30-05Z.backup.gz`: sorts by time, and has no colon for the file systems that refuse one. */
export const backupName = (now: Date, kind: 'manuelle' | 'nuit' = 'manuelle') =>
  `village-${kind}-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.backup.gz`;
