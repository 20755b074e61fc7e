/**
 * `npm run restore -- FICHIER`: a backup of `npm run backup` into an empty database: DATA_DIR's embedded one (its
 * pglite folder absent or empty), or DATABASE_URL's (no table in it). Anything else is refused, nothing overwritten.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readConfig } from '../config';
import { openPglite, openPostgres } from '../db/open';
import type { Database } from '../db/client';
import { restoreBackup, RestoreRefused } from './restore';

async function restore() {
  if (!process.argv[2]) throw new RestoreRefused('Indiquez la sauvegarde à restaurer\u00a0: npm run restore -- FICHIER');
  const file = resolve(process.argv[2]);
  if (!existsSync(file)) throw new RestoreRefused(`${file}\u00a0: ce fichier n’existe pas.`);
  const config = readConfig(process.env);
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 1);
    return closing(database, () => restoreBackup(database, file));
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new RestoreRefused(
      `Le dossier de données ${pgliteDir} n’est pas vide\u00a0: la restauration n’écrit que dans un dossier neuf, elle n’écrase rien.`,
    );
  }
  await mkdir(pgliteDir, { recursive: true });
  try {
    const database = await openPglite({ dataDir: pgliteDir });
    return await closing(database, () => restoreBackup(database, file));
  } catch (error) {
    // A half-made database would be refused by the next try: the folder goes back to empty.
    await rm(pgliteDir, { recursive: true, force: true });
    throw error;
  }
}

async function closing<T>(database: Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await database.close();
  }
}

try {
  const { rows, ms } = await restore();
  console.log(`Sauvegarde restaurée\u00a0: ${rows} lignes en ${ms} ms. Le serveur peut démarrer sur ces données (npm start).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
