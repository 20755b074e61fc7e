import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres, prepare } from '../db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * A fresh database costs one initdb (about 5 s with PGlite). It is paid once here: the migrated,
 * seeded database is dumped and every test file starts from its own copy of that dump. Its data directory,
 * closed cleanly, is also the template that the fault files' server processes copy
 * (`pgliteDataTemplate`, tests/support/server-start.ts). With TEST_DATABASE_URL the same happens on a real
 * PostgreSQL server, with a template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'village-test-'));
  const dataDir = join(dir, 'pglite');
  const template = await openPglite({ dataDir });
  await prepare(template);
  const db = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await db.dumpDataDir('none');
  const file = join(dir, 'pglite-template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDataTemplate', dataDir);

  const url = process.env.TEST_DATABASE_URL;
  let templateName = '';
  if (url) {
    templateName = `village_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${templateName}`;
    const database = await openPostgres(target.toString(), 1);
    await prepare(database);
    await database.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query(`select datname from pg_database where datname like 'village_t_%' or datname = $1`, [
        templateName,
      ]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}
