import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';

/**
 * A database of its own for one test file, already migrated and seeded: a copy of the dumped PGlite
 * template in memory, or with TEST_DATABASE_URL a new database on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = await readFile(inject('pgliteTemplate'));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `village_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
