/**
 * `npm run backup [-- DOSSIER]`: a backup of the database (photos included, they are rows of it) into
 * DATA_DIR/backups, or DOSSIER. On the embedded database the running server writes it (local-socket.ts); with no
 * server running, this process opens the data directory itself. On PostgreSQL it connects like any instance.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../config';
import { openPglite, openPostgres } from '../db/open';
import { backupName, writeBackup, type BackupSummary } from './dump';
import { askRunningServer } from './local-socket';

async function backup(): Promise<BackupSummary> {
  const config = readConfig(process.env);
  const dir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const file = join(dir ?? join(config.dataDir, 'backups'), backupName(new Date()));
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 1);
    try {
      return await writeBackup(database, file, new Date());
    } finally {
      await database.close();
    }
  }
  const answer = await askRunningServer(config.dataDir, dir);
  if (answer?.ok) return answer.summary;
  if (answer) throw new Error(`La sauvegarde a échoué\u00a0: ${answer.error}`);
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new Error(`Aucune base de données dans ${config.dataDir}\u00a0: rien à sauvegarder.`);
  const database = await openPglite({ dataDir: pgliteDir });
  try {
    return await writeBackup(database, file, new Date());
  } finally {
    await database.close();
  }
}

try {
  const summary = await backup();
  console.log(`Sauvegarde écrite\u00a0: ${summary.file} (${summary.rows} lignes, ${summary.bytes} octets, ${summary.ms} ms)`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
