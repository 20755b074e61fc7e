import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';

/** Set in the child's environment: the data directory it makes, and nothing else. */
export const FRESH_PGLITE_DIR = 'VILLAGE_FRESH_PGLITE_DIR';

/** A data directory PGlite has never made (PostgreSQL writes PG_VERSION at initdb). */
export const isFreshPgliteDir = (dir: string) => !existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes a fresh data directory in a child process run as this one was (`entry`: the script Node was started with,
 * start.mjs for `npm start`), then lets it exit. PGlite's initdb runs in
 * its WebAssembly and grows that memory to about 800 MB, which a WebAssembly instance never gives back: a server
 * started on a fresh directory sat at 772–786 MiB of RSS idle for its whole life, against 143–174 MiB on an
 * existing one. The child's memory goes with it; the server then opens the directory as on any later start.
 * Costs the child's start (under a second) once, on the first start only.
 */
export function makeFreshPgliteApart(dir: string, entry: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: { ...process.env, [FRESH_PGLITE_DIR]: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`La base de données n'a pas pu être créée dans ${dir} (code ${code}).`)),
    );
  });
}

/** The child's whole work: initdb, the migrations and the catalogue, then a clean close. */
export async function makeFreshPglite(dir: string): Promise<void> {
  const { openPglite, prepare } = await import('./open');
  const database = await openPglite({ started: PGlite.create(dir, pgliteOptions()) });
  await prepare(database);
  await database.close();
}
