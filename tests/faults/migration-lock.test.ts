import { afterAll, beforeAll, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPostgres, prepare } from '../../server/db/open';
import { startPostgres, type ThrowawayPostgres } from './postgres';

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.remove());

it('two instances preparing one empty PostgreSQL database at once both come up, with one catalogue', async () => {
  const url = postgres.database('race');
  // Two pools, as two server processes have: each runs the migrations and the seed on a connection of its own.
  const [one, two] = await Promise.all([openPostgres(url, 2), openPostgres(url, 2)]);
  try {
    const outcomes = await Promise.allSettled([prepare(one), prepare(two), prepare(one)]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const applied = (await one.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    const files = readdirSync(new URL('../../server/db/migrations', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(applied.rows[0].n).toBe(files.length);
    // The lock is released: a third start later takes it at once.
    await prepare(two);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});
