import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { entryPoint, errorLines, post, waitUntilUp } from './entry-point-process';

const root = join(import.meta.dirname, '..', '..');
const { dataDir: newDataDir, start } = entryPoint();

/** `npm run <script> -- <args>` as an operator types it; its exit code and what it printed. */
async function npmRun(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A backup's rows, table by table, each table's rows sorted: what two backups of the same data share. */
async function rowsOf(file: string) {
  const [header, ...lines] = gunzipSync(await readFile(file))
    .toString('utf8')
    .trim()
    .split('\n');
  const rows = lines.slice(0, -1);
  return { header: JSON.parse(header) as { tables: string[] }, rows: rows.sort(), end: JSON.parse(lines.at(-1)!) as { end: number } };
}

const call = async (base: string, method: string, path: string, token: string, body?: unknown) => {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
};

describe('npm run backup and npm run restore', () => {
  it('back up a running server under writes, restore into a new data directory, and serve the same village from it', async () => {
    const dataDir = await newDataDir('village-backup-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // An empty DIST_DIR: the API alone. Otherwise a start finding dist/ older than the sources builds the app in
    // the server's process, at the same time as another file's start may build it into the same dist/.
    const noApp = await newDataDir('village-no-app-');
    const env = { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: noApp, PUBLIC_URL: 'https://village.example' };
    // A photo: moved into the database at start (photos are rows of `photos`), so the backup must carry it.
    const photo = { key: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp', bytes: Buffer.from('RIFF\x00\x01\xff\x00WEBPVP8 une photo') };
    await mkdir(join(dataDir, 'uploads'));
    await writeFile(join(dataDir, 'uploads', photo.key), photo.bytes);
    const server = start(env);
    await waitUntilUp(base, server);

    const registered = await post(`${base}/v1/auth/register`, {
      email: 'ines@exemple.fr',
      password: 'motdepasse1',
      first_name: 'Inès',
      last_name: 'Morel',
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()).data as { token: string };
    const village = (await call(base, 'POST', '/v1/villages', token, { creation_mode: 2, first_name: 'Jeanne', name: 'Chez Jeanne' })).body
      .data;
    const villagerId = village.villagers[0].id as string;
    expect((await call(base, 'PUT', `/v1/villages/${village.id}/fc`, token, { creator_id: villagerId })).status).toBe(200);
    expect((await call(base, 'PUT', `/v1/villages/${village.id}/vo`, token, { villager_id: villagerId })).status).toBe(200);
    const send = (i: number) =>
      call(base, 'POST', `/v1/villages/${village.id}/needs`, token, { villager_id: villagerId, name: `Besoin n° ${i}` });
    expect((await send(0)).status).toBe(201);
    expect(
      (await call(base, 'POST', `/v1/villages/${village.id}/messages`, token, { villager_id: villagerId, body: 'Bonjour à tous' })).status,
    ).toBe(201);

    // Needs keep coming while the backup is written: it holds those of one moment, each one whole.
    let writing = true;
    let sent = 1;
    const writes = (async () => {
      while (writing) {
        expect((await send(sent)).status).toBe(201);
        sent += 1;
      }
    })();
    const sentBefore = sent;
    const backupDir = await newDataDir('village-backups-');
    const backup = await npmRun('backup', [backupDir], env);
    const sentAfter = sent;
    writing = false;
    await writes;
    expect(backup.output).toMatch(/^Sauvegarde écrite\u00a0: .*village-manuelle-.*\.backup\.gz \(\d+ lignes, \d+ octets, \d+ ms\)$/m);
    expect(backup.code).toBe(0);
    const [file] = await readdir(backupDir);
    const backupFile = join(backupDir, file);
    const taken = await rowsOf(backupFile);
    const needs = taken.rows.filter((row) => row.startsWith('{"t":"village_needs"'));
    expect(needs.length).toBeGreaterThanOrEqual(sentBefore);
    expect(needs.length).toBeLessThanOrEqual(sentAfter);
    expect(sentAfter).toBeGreaterThan(sentBefore);
    expect(taken.end.end).toBe(taken.rows.length);
    expect(taken.rows.some((row) => row.startsWith('{"t":"photos"') && row.includes(photo.bytes.toString('hex')))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(errorLines(server.output())).toEqual([]);

    // Into a new data directory: every row of the backup is there, byte for byte, the photo among them.
    const restoredDir = await newDataDir('village-restored-');
    const restored = await npmRun('restore', [backupFile], { ...env, DATA_DIR: restoredDir });
    expect(restored.output).toMatch(/^Sauvegarde restaurée\u00a0: \d+ lignes en \d+ ms\./m);
    expect(restored.code).toBe(0);
    const checkDir = await newDataDir('village-check-');
    expect((await npmRun('backup', [checkDir], { ...env, DATA_DIR: restoredDir })).code).toBe(0);
    const again = await rowsOf(join(checkDir, (await readdir(checkDir))[0]));
    expect(again.header.tables).toEqual(taken.header.tables);
    expect(again.rows).toEqual(taken.rows);

    // Never over data: a second restore into it is refused, in French, and changes nothing.
    const refused = await npmRun('restore', [backupFile], { ...env, DATA_DIR: restoredDir });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `Le dossier de données ${join(restoredDir, 'pglite')} n’est pas vide\u00a0: la restauration n’écrit que dans un dossier neuf, elle n’écrase rien.`,
    );

    // The server on the restored data: the same village, for the same session, with its photo and messages.
    const second = start({ ...env, DATA_DIR: restoredDir });
    await waitUntilUp(base, second);
    const read = await call(base, 'GET', `/v1/villages/${village.id}?include=needs`, token);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Chez Jeanne');
    expect(read.body.data.needs.length).toBe(needs.length);
    const chat = await call(base, 'GET', `/v1/villages/${village.id}/messages`, token);
    expect(chat.status).toBe(200);
    expect(chat.body.data.map((message: { body: string }) => message.body)).toEqual(['Bonjour à tous']);
    const served = await fetch(`${base}/uploads/${photo.key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo.bytes)).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(errorLines(second.output())).toEqual([]);
  }, 180_000);
});
