import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { askRunningServer, backupSocketPath, serveBackupRequests } from './local-socket';

const dataDir = await mkdtemp(join(tmpdir(), 'village-socket-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const summary = { file: '/sauvegardes/x.backup.gz', rows: 3, bytes: 120, ms: 5 };

describe("the running server's backup socket", () => {
  it('answers a backup asked for, with the folder asked, and its failure in words', async () => {
    const asked: (string | undefined)[] = [];
    let fail = false;
    const socket = await serveBackupRequests({
      dataDir,
      logger: pino({ level: 'silent' }),
      backup: async (dir) => {
        asked.push(dir);
        if (fail) throw new Error('disque plein');
        return summary;
      },
    });
    expect(await askRunningServer(dataDir, '/ailleurs')).toEqual({ ok: true, summary });
    fail = true;
    expect(await askRunningServer(dataDir, undefined)).toEqual({ ok: false, error: 'disque plein' });
    expect(asked).toEqual(['/ailleurs', undefined]);
    await socket.close();
    // Nobody listens: the command opens the data directory itself.
    expect(await askRunningServer(dataDir, undefined)).toBeUndefined();
  });

  it('lives in DATA_DIR, or in the temporary folder when DATA_DIR is too deep for a socket path', () => {
    expect(backupSocketPath('/srv/village')).toBe('/srv/village/sauvegarde.sock');
    const deep = `/srv/${'tres-long-dossier/'.repeat(8)}village`;
    expect(backupSocketPath(deep)).toMatch(new RegExp(`^${tmpdir()}/village-[0-9a-f]{16}\\.sock$`));
    expect(backupSocketPath(deep)).toBe(backupSocketPath(deep));
    expect(backupSocketPath(`${deep}2`)).not.toBe(backupSocketPath(deep));
  });
});
