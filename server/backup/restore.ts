import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { prepare } from '../db/open';
import { lastMigration, tablesInOrder, type BackupHeader } from './dump';

/** What an operator reads when a restore refuses: French, one sentence, no stack. */
export class RestoreRefused extends Error {}

const BATCH = 200;

/** Whether the database holds anything of the app (its tables exist): a restore writes only into an empty one. */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n === 0;
}

async function insertBatch(tx: Tx, table: string, rows: string[]) {
  // The rows go as one JSON array, each column read back by its own type's input (bytea from `\x…`, timestamps…).
  await tx.execute(
    sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/**
 * Puts a backup of writeBackup (dump.ts) into an empty database: the migrations first (the same as the backup's,
 * or the restore is refused), then every row in one transaction, so a failed restore leaves no half database.
 * The catalogue seeded by the migrations' preparation is replaced by the backup's own rows.
 */
export async function restoreBackup(database: Database, file: string): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  if (!(await databaseIsEmpty(database))) {
    throw new RestoreRefused(
      'La base de données n’est pas vide\u00a0: la restauration n’écrit que dans une base neuve, elle n’écrase rien.',
    );
  }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next().catch(() => ({ done: true, value: '' }));
  let header: BackupHeader | undefined;
  try {
    header = first.done ? undefined : (JSON.parse(first.value) as BackupHeader);
  } catch {
    header = undefined;
  }
  if (header?.format !== 'village-backup' || header.version !== 1) {
    throw new RestoreRefused(`${file} n’est pas une sauvegarde de Village.`);
  }
  await prepare(database);
  const migration = await lastMigration(database.db);
  if (migration !== header.migration) {
    throw new RestoreRefused(
      'Cette sauvegarde a été faite par une autre version de Village (ses migrations ne sont pas celles de cette version)\u00a0: ' +
        'restaurez-la avec la version qui l’a faite, puis mettez à jour.',
    );
  }
  let rows = 0;
  await database.db.transaction(async (tx) => {
    // Only the seeded catalogue is there: the backup brings its own.
    for (const table of (await tablesInOrder(tx)).reverse()) await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    let table = '';
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length) await insertBatch(tx, table, batch);
      batch = [];
    };
    let ended = false;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = next.value;
      if (line.startsWith('{"end":')) {
        await flush();
        ended = (JSON.parse(line) as { end: number }).end === rows;
        break;
      }
      const at = line.indexOf(',"r":');
      const lineTable = JSON.parse(line.slice(5, at)) as string;
      if (lineTable !== table || batch.length >= BATCH) {
        await flush();
        table = lineTable;
      }
      batch.push(line.slice(at + 5, -1));
      rows += 1;
    }
    if (!ended) throw new RestoreRefused(`${file} est incomplète (coupée avant sa fin)\u00a0: rien n’a été restauré.`);
  });
  return { rows, ms: Math.round(performance.now() - started) };
}
