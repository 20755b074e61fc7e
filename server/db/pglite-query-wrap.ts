import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

export type PgliteQuery = <R>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<R>>;

/**
 * Replaces PGlite's `query`, the client's and that of each transaction it opens (drizzle runs its statements
 * through both), by `wrap` of the one it had: `tx` is the transaction, absent for the client's own.
 */
export function wrapPgliteQuery(client: PGlite, wrap: (usual: PgliteQuery, tx?: Transaction) => PgliteQuery) {
  client.query = wrap(client.query.bind(client) as PgliteQuery) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = wrap(tx.query.bind(tx) as PgliteQuery, tx) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
