import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/open';
import { createTestDatabase } from '../test/test-database';
import { writeBackup } from './dump';
import { databaseIsEmpty, restoreBackup } from './restore';

const source = await createTestDatabase();
const dir = await mkdtemp(join(tmpdir(), 'village-restore-'));
afterAll(async () => {
  await source.close();
  await rm(dir, { recursive: true, force: true });
});
const file = join(dir, 'sauvegarde.backup.gz');
const taken = await writeBackup(source, file, new Date('2026-11-20T09:00:00Z'));

/** The backup with its lines changed by `edit`. */
async function edited(name: string, edit: (lines: string[]) => string[]) {
  const lines = gunzipSync(await readFile(file))
    .toString('utf8')
    .trim()
    .split('\n');
  const path = join(dir, name);
  await writeFile(path, gzipSync(edit(lines).join('\n') + '\n'));
  return path;
}

describe('restoring a backup', () => {
  it('puts every row back into an empty database', async () => {
    const target = await openPglite();
    expect(await databaseIsEmpty(target)).toBe(true);
    const restored = await restoreBackup(target, file);
    expect(restored.rows).toBe(taken.rows);
    const again = await writeBackup(target, join(dir, 'encore.backup.gz'), new Date('2026-11-20T09:00:00Z'));
    expect(again.rows).toBe(taken.rows);
    await target.close();
  });

  it('refuses a database that holds anything, in French', async () => {
    await expect(restoreBackup(source, file)).rejects.toThrow(
      'La base de données n’est pas vide\u00a0: la restauration n’écrit que dans une base neuve, elle n’écrase rien.',
    );
  });

  it('refuses a file cut short, and writes none of its rows', async () => {
    // Its catalogue renamed: had the rows been kept, the new name would be read back.
    const cut = await edited('coupee.backup.gz', (lines) =>
      lines.slice(0, -1).map((line) => (line.startsWith('{"t":"need_categories"') ? line.replace('"name":"', '"name":"Coupée ') : line)),
    );
    const target = await openPglite();
    await expect(restoreBackup(target, cut)).rejects.toThrow('est incomplète (coupée avant sa fin)\u00a0: rien n’a été restauré.');
    const count = (where: string) => target.db.execute(`SELECT count(*)::int AS n FROM need_categories WHERE ${where}`);
    expect((await count("name LIKE 'Coupée%'")) as unknown).toMatchObject({ rows: [{ n: 0 }] });
    expect((await count('true')) as unknown).not.toMatchObject({ rows: [{ n: 0 }] });
    await target.close();
  });

  it('refuses a backup of another version of the migrations, and what is not a backup', async () => {
    const older = await edited('ancienne.backup.gz', ([header, ...rows]) => [
      JSON.stringify({ ...JSON.parse(header), migration: 1 }),
      ...rows,
    ]);
    const target = await openPglite();
    await expect(restoreBackup(target, older)).rejects.toThrow('Cette sauvegarde a été faite par une autre version de Village');
    await target.close();
    const notOne = join(dir, 'autre.gz');
    await writeFile(notOne, gzipSync('{"bonjour":1}\n'));
    const other = await openPglite();
    await expect(restoreBackup(other, notOne)).rejects.toThrow(`${notOne} n’est pas une sauvegarde de Village.`);
    await other.close();
  });
});
