import type pg from 'pg';

/*
 * Why. PostgreSQL parses, analyzes and plans an unnamed statement again each time it is sent, and node-postgres
 * sends every parameterized query unnamed. The app sends the same few hundred texts over and over (a queued write
 * is a village read, an insert, the action's statement and its idempotency key, each with new values), so each
 * distinct text gets a name: a connection parses it once, then only binds and runs it, and PostgreSQL keeps its
 * plan. The outbox's drain (`npm run bench:drain`, 1,000 writes) went from 164 to 212 writes/s on PostgreSQL.
 *
 * node-postgres prepares a named statement on a connection the first time that connection runs it, and only
 * once PostgreSQL has parsed it (a text that fails to parse is sent again next time). Only parameterized texts
 * are named: a text without values may hold several statements (the migrations), which only the simple protocol
 * runs. Texts made of a varying number of values (`in ($1, …, $n)`) are each a statement of their own; past
 * MAX_NAMED texts, new ones go unnamed, so a connection never holds more than that many. A pooler between the
 * server and PostgreSQL must keep a connection's prepared statements (PgBouncer in transaction mode needs its
 * max_prepared_statements setting).
 */
/** The distinct texts named, on PostgreSQL and on PGlite (pglite-statements.ts). */
export const MAX_NAMED = 500;

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `village_${names.size}`));
  return name;
}

type QueryConfig = { text: string; name?: string };
const isNameable = (config: unknown, values: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  !(config as QueryConfig).name &&
  Array.isArray(values) &&
  values.length > 0;

/** Makes a pooled connection name its parameterized statements (see above); the pool's 'connect' calls it. */
export function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const name = isNameable(config, rest[0]) ? nameOf(config.text) : undefined;
    return query(name ? { ...(config as QueryConfig), name } : config, ...rest);
  };
}
