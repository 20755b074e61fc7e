import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { mailJobs } from '../../db/schema';
import { MAIL_JOBS_CHANNEL } from '../queue';
import type { MailKind, MailPayload } from '../templates';

/** Rows per INSERT: a digest run queues hundreds of mails, one statement each would be most of its time. */
const CHUNK = 200;

/**
 * `queueMail` for a producer's whole run: the same rows (due now, each with its key, a key already queued
 * dropped), written a few hundred per statement in one transaction, with one NOTIFY for the dispatchers.
 * Answers how many were queued.
 */
export async function queueDigests<K extends MailKind>(
  db: Db,
  kind: K,
  now: Date,
  jobs: ReadonlyArray<{ to: string; userId: string; key: string; payload: MailPayload<K> }>,
): Promise<number> {
  if (jobs.length === 0) return 0;
  return db.transaction(async (tx) => {
    let queued = 0;
    for (let i = 0; i < jobs.length; i += CHUNK) {
      const rows = jobs.slice(i, i + CHUNK).map((job) => ({
        id: uuidv7(),
        kind,
        toAddress: job.to,
        userId: job.userId,
        payload: job.payload,
        dueAt: now,
        key: job.key,
        createdAt: now,
      }));
      const inserted = await tx.insert(mailJobs).values(rows).onConflictDoNothing({ target: mailJobs.key }).returning({ id: mailJobs.id });
      queued += inserted.length;
    }
    if (queued > 0) await tx.execute(sql`select pg_notify(${MAIL_JOBS_CHANNEL}, '')`);
    return queued;
  });
}
