import { readFile } from 'node:fs/promises';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { mergeDrizzleParsers } from './pglite-parsers';

const opened: PGlite[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

// Each client a copy of the run's dumped database (server/test/global-setup.ts), as the server tests' own: an
// empty PGlite costs an initdb, and the three of them took most of this file's 33 s at a load of 9.
const template = await readFile(inject('pgliteTemplate'));

async function client() {
  const pg = await PGlite.create({ loadDataDir: new Blob([template]) });
  opened.push(pg);
  return pg;
}

const TYPES = sql`SELECT
  '2026-11-24 15:00:00+00'::timestamptz AS at,
  '2026-11-24 15:00:00'::timestamp AS local,
  '2026-11-24'::date AS day,
  '1 day 2 hours'::interval AS span,
  ARRAY['2026-11-24 15:00:00+00'::timestamptz] AS ats,
  ARRAY[1.5, 2]::numeric[] AS amounts,
  42 AS answer`;

describe("drizzle's parsers, made PGlite's own once", () => {
  it('give the rows drizzle got before, in and out of a transaction', async () => {
    const before = drizzle(await client());
    const merged = await client();
    mergeDrizzleParsers(merged);
    const after = drizzle(merged);
    const expected = await before.execute(TYPES);
    expect(expected.rows[0]).toMatchObject({ at: expect.any(String), day: '2026-11-24', answer: 42 });
    expect((await after.execute(TYPES)).rows).toEqual(expected.rows);
    expect((await after.transaction((tx) => tx.execute(TYPES))).rows).toEqual(expected.rows);
  });

  it('are no longer passed with each query, while other parsers still are', async () => {
    const pg = await client();
    const passed: (QueryOptions | undefined)[] = [];
    const query = pg.query.bind(pg);
    pg.query = ((text: string, params?: unknown[], options?: QueryOptions) => (
      passed.push(options),
      query(text, params, options)
    )) as PGlite['query'];
    mergeDrizzleParsers(pg);
    await drizzle(pg).execute(sql`SELECT 1`);
    expect(passed.at(-1)?.parsers).toBeUndefined();
    const doubled = await pg.query<{ n: number }>('SELECT 21 AS n', [], { parsers: { 23: (value) => Number(value) * 2 } });
    expect(doubled.rows[0].n).toBe(42);
  });
});
