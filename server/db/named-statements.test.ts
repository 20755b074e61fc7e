import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase } from '../test/test-database';
import { users } from './schema';
import type { Tx } from './client';
import { MAX_NAMED } from './named-statements';

// On PGlite (the default) or PostgreSQL (TEST_DATABASE_URL): both name their statements (pglite-statements.ts,
// named-statements.ts). Each check runs in one transaction, which holds one connection of a pool.
const database = await createTestDatabase();
afterAll(() => database.close());

/** The rows of a statement run through drizzle's `execute`, as both drivers answer them. */
const rowsOf = async (run: Promise<unknown>) => ((await run) as { rows: Record<string, unknown>[] }).rows;

/** The statements this connection prepared by name, with their texts. */
const preparedHere = async (tx: Tx) =>
  (await rowsOf(tx.execute(sql`select name, statement from pg_prepared_statements`))) as { name: string; statement: string }[];

describe('statements prepared once per connection', () => {
  it('parses a parameterized text once, however often it runs, and answers as an unnamed statement would', async () => {
    const marker = `marqueur-${uuidv7()}`;
    await database.db.transaction(async (tx) => {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const rows = await rowsOf(
          tx.execute(
            sql`select ${marker}::text as marker, ${i}::int as n, ${JSON.stringify({ a: [1, 'deux'] })}::jsonb as j, ${'2026-11-27T10:00:00.000Z'}::timestamptz = '2026-11-27 11:00:00+01'::timestamptz as t, ${true}::boolean as b, ${null}::text as nothing`,
          ),
        );
        answers.push(rows[0]);
      }
      expect(answers.map((row) => row.n)).toEqual([0, 1, 2]);
      expect(answers[2]).toEqual({ marker, n: 2, j: { a: [1, 'deux'] }, t: true, b: true, nothing: null });
      const named = (await preparedHere(tx)).filter((row) => row.statement.includes('as marker'));
      expect(named).toHaveLength(1);
    });
  });

  it('answers a refusal with its PostgreSQL error, then runs the same statement again, and a text that does not parse names nothing', async () => {
    const email = `named.${uuidv7()}@exemple.fr`;
    const insert = (tx: Tx | typeof database.db) =>
      tx.insert(users).values({ id: uuidv7(), email, passwordHash: 'x', firstName: 'Jeanne', lastName: 'Banc' });
    await insert(database.db);
    const refused = await database.db
      .transaction((tx) => insert(tx))
      .then(
        () => null,
        (error: unknown) => error as { cause?: { code?: string } },
      );
    expect(refused?.cause?.code).toBe('23505');
    const bad = await database.db.execute(sql`selec ${1}::int`).then(
      () => null,
      (error: unknown) => error as { cause?: { code?: string } },
    );
    expect(bad?.cause?.code).toBe('42601');
    await database.db.transaction(async (tx) => {
      expect(await rowsOf(tx.execute(sql`select count(*)::int as n from ${users} where email = ${email}`))).toEqual([{ n: 1 }]);
      expect((await preparedHere(tx)).filter((row) => row.statement.startsWith('selec '))).toEqual([]);
    });
  });

  it(`names at most ${MAX_NAMED} texts; the ones past that still run, unnamed`, async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i <= MAX_NAMED; i++) {
        const rows = await rowsOf(tx.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`));
        expect(rows[0].n).toBe(2 * i);
      }
      expect((await preparedHere(tx)).length).toBeLessThanOrEqual(MAX_NAMED);
    });
  });
});
