import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { mailJobs } from '../../db/schema';
import { MAIL_JOBS_CHANNEL } from '../queue';
import type { MailKind, MailPayload } from '../templates';

/** Rows per INSERT: a digest run queues thousands of mails, one statement each would be most of its time. */
const CHUNK = 1000;

/**
 * `queueMail` for a producer's whole run: the same rows (due now, each with its key, a key already queued
 * dropped), written a thousand per statement, each part in a transaction of its own with its NOTIFY for the
 * dispatchers. Not one transaction for the run: on the embedded database, one connection for every request, a
 * request waited behind all of it (bench:digests: up to 2.1 s behind 30,000 mails); a part is a tenth of a
 * second. A run cut short leaves the rest to the next minute's, the keys dropping what is queued already.
 * Answers how many were queued.
 */
export async function queueDigests<K extends MailKind>(
  db: Db,
  kind: K,
  now: Date,
  jobs: ReadonlyArray<{ to: string; userId: string; key: string; payload: MailPayload<K> }>,
): Promise<number> {
  let queued = 0;
  for (let i = 0; i < jobs.length; i += CHUNK) {
    // The rows as one JSON parameter: binding eight parameters a row was most of a large run's INSERTs.
    const rows = jobs.slice(i, i + CHUNK).map((job) => ({
      id: uuidv7(),
      to_address: job.to,
      user_id: job.userId,
      payload: job.payload,
      key: job.key,
    }));
    queued += await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into ${mailJobs} (id, kind, to_address, user_id, payload, due_at, key, created_at)
        select r.id, ${kind}, r.to_address, r.user_id, r.payload, ${now.toISOString()}::timestamptz, r.key, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, to_address text, user_id uuid, payload jsonb, key text)
        on conflict (key) do nothing
        returning id`);
      const count = (inserted as unknown as { rows: unknown[] }).rows.length;
      if (count > 0) await tx.execute(sql`select pg_notify(${MAIL_JOBS_CHANNEL}, '')`);
      return count;
    });
  }
  return queued;
}
