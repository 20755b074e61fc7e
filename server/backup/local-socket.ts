import { createConnection, createServer } from 'node:net';
import { chmod, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { BackupSummary } from './dump';

/**
 * PGlite's data directory is the running server's alone: a second process opening it would corrupt it. So
 * `npm run backup` asks the running server to write the backup, through a Unix socket in DATA_DIR that only the
 * data directory's owner can open: nothing reachable from the network, no HTTP route to guard.
 */
export function backupSocketPath(dataDir: string) {
  const inDataDir = join(dataDir, 'sauvegarde.sock');
  // A socket's path has at most 107 bytes on Linux (103 on macOS): a deep DATA_DIR gets one in the temporary
  // folder instead, named after it, rather than a server that cannot start.
  if (Buffer.byteLength(inDataDir) <= 100) return inDataDir;
  return join(tmpdir(), `village-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

type Answer = { ok: true; summary: BackupSummary } | { ok: false; error: string };

export async function serveBackupRequests(input: {
  dataDir: string;
  backup: (dir: string | undefined) => Promise<BackupSummary>;
  logger: Logger;
}) {
  const path = backupSocketPath(input.dataDir);
  // One left by a server that was killed: nobody listens on it any more.
  await rm(path, { force: true });
  const server = createServer((socket) => {
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      asked += chunk;
      if (!asked.includes('\n')) return;
      const { dir } = JSON.parse(asked) as { dir?: string };
      const answer = (value: Answer) => socket.end(JSON.stringify(value) + '\n');
      input.backup(dir).then(
        (summary) => answer({ ok: true, summary }),
        (error: Error) => {
          input.logger.error({ err: error }, 'backup failed');
          answer({ ok: false, error: error.message });
        },
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  await chmod(path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Asks the running server for a backup; `undefined` when no server listens (none runs on this DATA_DIR). */
export function askRunningServer(dataDir: string, dir: string | undefined): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(backupSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify({ dir }) + '\n'));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(JSON.parse(answer) as Answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error),
    );
  });
}
