import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { Database } from '../db/client';
import { openPglite, openPostgres } from '../db/open';

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
      // Not `with (force)`: terminating a connection that is still closing makes its client throw.
      // The pool's last sockets close within moments; the drop waits for them.
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await cleanup.end();
    },
  };
}
