import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../deps';
import type { Database } from '../db/client';
import { backupName, writeBackup } from './dump';
import { serveBackupRequests } from './local-socket';
import { startNightlyBackups } from './nightly';

/**
 * The embedded database's backups on the running server: the nightly ones, and those `npm run backup` asks for
 * through DATA_DIR's socket (the data directory cannot be opened by a second process). PostgreSQL needs neither:
 * `npm run backup` connects to it, and its operator has its own tools.
 */
export async function startBackups(input: { database: Database; dataDir: string; clock: Clock; logger: Logger; signal: AbortSignal }) {
  if (input.database.kind !== 'pglite') return { settled: () => Promise.resolve() };
  const dir = join(input.dataDir, 'backups');
  const nightly = startNightlyBackups({ ...input, dir });
  const asked = new Set<Promise<unknown>>();
  const socket = await serveBackupRequests({
    dataDir: input.dataDir,
    logger: input.logger,
    backup(to) {
      const now = input.clock.now();
      const written = writeBackup(input.database, join(to ?? dir, backupName(now)), now);
      asked.add(written);
      void written.catch(() => undefined).finally(() => asked.delete(written));
      return written;
    },
  });
  input.signal.addEventListener('abort', () => void socket.close(), { once: true });
  return {
    /** Resolves once the backups being written have ended: stopping awaits them before closing the database. */
    settled: () => Promise.all([nightly.settled(), ...[...asked].map((p) => p.catch(() => undefined))]),
  };
}
