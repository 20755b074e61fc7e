import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { MAIL_JOBS_CHANNEL } from '../queue';

/**
 * A time-ordered UUID (version 7) made by the database itself, for the rows a producer writes with one
 * `INSERT … SELECT`: like the `uuid` package's v7, the new rows land at the end of the primary key's index
 * rather than all over it.
 */
export const sqlUuidV7: SQL = sql.raw(
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`,
);

/** The count a statement's `returning`-fed `select count(*) as queued` answers, on both drivers. */
export const countOf = (result: unknown) => Number((result as { rows: Array<{ queued: number | string }> }).rows[0]?.queued ?? 0);

/** Wakes the dispatchers on commit, as `queueMail` does, once a transaction has queued mails due now. */
export async function notifyQueued(tx: Executor, queued: number) {
  if (queued > 0) await tx.execute(sql`select pg_notify(${MAIL_JOBS_CHANNEL}, '')`);
}
