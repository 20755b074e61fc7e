import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import { wrapPgliteQuery } from './pglite-query-wrap';

/**
 * The types drizzle-orm asks PGlite to hand back as text (dates, times, intervals and their arrays,
 * numeric[]), by the `parsers` option it passes with every query.
 */
const KEPT_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keptAsText = new Set(KEPT_AS_TEXT.map(String));
const asText = (value: string) => value;

/*
 * Why. PGlite merges a query's `parsers` into its own 318 type parsers for every query ({...all, ...given}:
 * an object keyed by type ids, slow to copy): `SELECT 1` took 226 µs with drizzle's parsers against 85 µs
 * without, and a keyed write runs eight statements or so. The same parsers are made PGlite's own once, and
 * a query that passes exactly them (each keeps text as it is) is sent without them: the rows are the same.
 */
export function mergeDrizzleParsers(client: PGlite) {
  client.parsers = { ...client.parsers, ...Object.fromEntries(KEPT_AS_TEXT.map((oid) => [oid, asText])) };
  wrapPgliteQuery(client, (usual) => (text, params, options) => usual(text, params, withoutKnownParsers(options)));
}

/** The options without `parsers` when they are only the text-keeping ones merged above; otherwise as given. */
function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const given = options?.parsers;
  if (!given) return options;
  for (const [oid, parse] of Object.entries(given))
    if (!keptAsText.has(oid) || parse('2026-01-01', Number(oid)) !== '2026-01-01') return options;
  return { ...options, parsers: undefined };
}
