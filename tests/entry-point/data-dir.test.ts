import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataDir } from '../../server/config';
import { stopsChildrenAfterEachTest } from '../support/child-process';
import { freePort } from '../support/free-port';

const root = join(import.meta.dirname, '..', '..');
const dir = await mkdtemp(join(tmpdir(), 'village-data-dir-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
// A DATA_DIR under a file can be written by nobody, root included (tests run as root, whom `chmod 0500`
// would not stop; a read-only mount, which stops root too, needs privileges a test should not ask for).
const file = join(dir, 'un-fichier');
await writeFile(file, 'pas un dossier');
// The server is expected to stop by itself; one that starts instead is stopped after the test.
const stoppedAfterTheTest = stopsChildrenAfterEachTest();

describe('a DATA_DIR the server cannot write', () => {
  it('stops `npm start`s entry point with a French settings error naming DATA_DIR, no stack', async () => {
    const child = stoppedAfterTheTest(
      spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(await freePort()), DATA_DIR: join(file, 'donnees'), LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `Réglages invalides, le serveur ne démarre pas :\n- DATA_DIR\u00a0: DATA_DIR (${join(file, 'donnees')}) doit être un dossier où le serveur peut écrire ` +
        `(${join(file, 'donnees', 'pglite')}\u00a0: une partie du chemin est un fichier, pas un dossier)`,
    );
  });

  it('is checked only where the server writes: the mails without SMTP_URL, the embedded database without DATABASE_URL', () => {
    const unwritable = join(file, 'donnees');
    expect(() => checkDataDir({ dataDir: unwritable, databaseUrl: 'postgres://localhost/village' })).toThrow(
      /^Réglages invalides.*\n- DATA_DIR\u00a0: .*\(.*donnees\u00a0: une partie du chemin est un fichier/,
    );
    expect(() =>
      checkDataDir({ dataDir: unwritable, databaseUrl: 'postgres://localhost/village', smtpUrl: 'smtp://localhost' }),
    ).not.toThrow();
    expect(() => checkDataDir({ dataDir: join(dir, 'neuf') })).not.toThrow();
  });
});
