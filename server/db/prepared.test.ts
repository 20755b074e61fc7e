import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { prepare } from './open';
import { alreadyPrepared } from './prepared';
import { catalogueNeeds, needCategories } from './schema';
import { catalogueNeedRows, categoryRows } from './seed-catalogue';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const database = await createTestDatabase();
const scratch = await mkdtemp(join(tmpdir(), 'village-prepared-'));
afterAll(async () => {
  await database.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('a start that finds the database prepared skips the migrator and the seed', () => {
  it('sees a migrated, seeded database as prepared', async () => {
    expect(await alreadyPrepared(database.db, migrationsFolder)).toBe(true);
  });

  it('does not when a migration is newer than the last one applied', async () => {
    const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newer = {
      ...journal,
      entries: [...journal.entries, { ...journal.entries.at(-1)!, idx: journal.entries.length, when: Date.now(), tag: '9999_next' }],
    };
    const folder = join(scratch, 'migrations');
    await mkdir(join(folder, 'meta'), { recursive: true });
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(newer));
    expect(await alreadyPrepared(database.db, folder)).toBe(false);
  });

  it('does not when a catalogue row differs or is missing, and prepare puts the catalogue back', async () => {
    const [category] = categoryRows();
    await database.db.update(needCategories).set({ name: 'Renommée' }).where(eq(needCategories.id, category.id));
    expect(await alreadyPrepared(database.db, migrationsFolder)).toBe(false);
    await prepare(database);
    expect(await alreadyPrepared(database.db, migrationsFolder)).toBe(true);
    expect((await database.db.select().from(needCategories).where(eq(needCategories.id, category.id)))[0].name).toBe(category.name);

    const need = catalogueNeedRows().at(-1)!;
    await database.db.delete(catalogueNeeds).where(eq(catalogueNeeds.id, need.id));
    expect(await alreadyPrepared(database.db, migrationsFolder)).toBe(false);
    await prepare(database);
    expect(await database.db.select().from(catalogueNeeds).where(eq(catalogueNeeds.id, need.id))).toHaveLength(1);
  });

  it('does not on a database that was never migrated', async () => {
    await database.db.execute(sql`drop schema drizzle cascade`);
    expect(await alreadyPrepared(database.db, migrationsFolder)).toBe(false);
  });
});
