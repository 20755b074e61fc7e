import { messages, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { MAX_NAMED } from './named-statements';
import { wrapPgliteQuery } from './pglite-query-wrap';

/*
 * Why. PGlite's `query` runs a statement as six calls into its WebAssembly (parse, describe the parameters,
 * bind, describe the portal, execute, sync), each with its own await and reply parsing, and PostgreSQL parses,
 * analyzes and plans the unnamed statement again every time. The app sends the same few hundred texts over and
 * over (a queued write is a village read, an insert, the action's statement and its idempotency key), so each
 * distinct text is prepared once as a named statement, with its parameter types, and then only bound and run:
 * one call (bind, describe, execute, sync). The values are serialized as PGlite's `query` does (its serializers,
 * by the parameter types PostgreSQL described), the rows parsed by its own `parseResults`; only the way there
 * changes. The connection is the process's one, so the statements are named once for the process.
 *
 * As in named-statements.ts (PostgreSQL), only parameterized texts are named (a text without values may hold
 * several statements), and about MAX_NAMED of them (new texts that wait for the connection together at the limit
 * may pass it by a few); a query that passes a blob (COPY) or its own parameter types goes the usual way.
 */
type Prepared = { name: string; types: number[] };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** As PGlite's `query` does (makePGliteError): a database error carries the query and its values. */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

/** Makes `client.query` and its transactions' `query` run parameterized texts as named statements (see above). */
export function prepareStatements(client: PGlite) {
  const prepared = new Map<string, Prepared>();
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  /** Decided before any lock is taken: the usual way takes PGlite's locks itself. */
  const nameable = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    !!params?.length && !options?.blob && !options?.paramTypes && (prepared.has(text) || prepared.size < MAX_NAMED);

  async function statementOf(text: string): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) return known;
    const name = `village_${prepared.size}`;
    // Its own sync: a text that does not parse leaves nothing named, and its error is thrown here.
    const described = await run(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    prepared.set(text, statement);
    return statement;
  }

  /** A nameable statement, under PGlite's query lock, as its own `#runQuery` runs an unnamed one. */
  const runNamed = <R>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) =>
    client._runExclusiveQuery(async () => {
      let replies;
      try {
        const { name, types } = await statementOf(text);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
          return serializer ? serializer(param) : String(param);
        });
        replies = await run(
          concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        );
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
      if (!inTransaction) await client.syncToFs();
      return parse.parseResults(replies, client.parsers, options)[0] as Results<R>;
    });

  wrapPgliteQuery(client, (usual, tx) =>
    tx
      ? // A closed transaction's own query throws as it should.
        (text, params, options) =>
          tx.closed || !nameable(text, params, options) ? usual(text, params, options) : runNamed(text, params!, options, true)
      : async (text, params, options) => {
          if (!nameable(text, params, options)) return usual(text, params, options);
          await client._checkReady();
          // As PGlite's `query`: not while a transaction holds the connection.
          return client._runExclusiveTransaction(() => runNamed(text, params!, options, false));
        },
  );
}
