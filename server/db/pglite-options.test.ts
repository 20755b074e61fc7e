import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { openPglite } from './open';
import { PGLITE_MAX_CONNECTIONS, PGLITE_SHARED_BUFFERS } from './pglite-options';

let opened: Database | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe("PGlite's start options", () => {
  it('open the embedded database with its smaller shared memory, its own defaults kept', async () => {
    opened = await openPglite();
    const result = await opened.db
      .execute(sql`SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections,
      current_setting('search_path') AS search_path`);
    const { rows } = result as unknown as { rows: { shared_buffers: string; max_connections: string; search_path: string }[] };
    expect(rows[0]).toEqual({ shared_buffers: PGLITE_SHARED_BUFFERS, max_connections: PGLITE_MAX_CONNECTIONS, search_path: 'public' });
  });
});
