import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { catalogueNeeds, needCategories } from './schema';
import { catalogueNeedRows, categoryRows } from './seed-catalogue';

/**
 * The newest migration of the journal, as drizzle's migrator dates it (`when`, its `created_at` once applied):
 * the migrator applies each migration dated after the last one applied, so none is left when the last applied
 * is at least this one.
 */
function newestMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The table where drizzle's migrator records what it applied (not part of the app's schema). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', { createdAt: bigint('created_at', { mode: 'number' }) });

async function migrationsApplied(db: Db, migrationsFolder: string): Promise<boolean> {
  try {
    const [{ last }] = await db.select({ last: max(appliedMigrations.createdAt) }).from(appliedMigrations);
    return last !== null && last >= newestMigration(migrationsFolder);
  } catch {
    // No migrations table yet: a new database.
    return false;
  }
}

/** Every row of the catalogue is in the tables as the seed would write it: its upsert would change nothing. */
async function catalogueCurrent(db: Db): Promise<boolean> {
  const [categories, needs] = await Promise.all([db.select().from(needCategories), db.select().from(catalogueNeeds)]);
  const holds = <T extends { id: string }>(rows: T[], expected: T[]) => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return expected.every((want) => {
      const row = byId.get(want.id);
      return row !== undefined && (Object.keys(want) as (keyof T)[]).every((key) => row[key] === want[key]);
    });
  };
  return holds(categories, categoryRows()) && holds(needs, catalogueNeedRows());
}

/**
 * Whether the database is already prepared (every migration applied, the catalogue current): what nearly
 * every start finds. Three reads instead of the migrator's DDL, its transaction and the catalogue's upsert,
 * and on PostgreSQL no wait for the migration lock.
 */
export async function alreadyPrepared(db: Db, migrationsFolder: string): Promise<boolean> {
  return (await migrationsApplied(db, migrationsFolder)) && (await catalogueCurrent(db));
}
