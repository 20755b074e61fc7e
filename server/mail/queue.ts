import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../db/client';
import { mailJobs } from '../db/schema';
import type { MailKind, MailPayload } from './templates';

/** NOTIFYed when a mail is queued that is due now: the dispatchers of every instance wake up. */
export const MAIL_JOBS_CHANNEL = 'mail_jobs';

export interface MailJob<K extends MailKind> {
  kind: K;
  to: string;
  /** Whose mail it is, when it is a user's: settings and address changes will be read through it. */
  userId?: string | null;
  /** What the template needs, rendered when the mail is sent. */
  payload: MailPayload<K>;
  /** The write's time (the app's clock); the mail is due then unless `dueAt` says later. */
  now: Date;
  dueAt?: Date;
  /**
   * A mail that must exist once however many times it is queued (a slot's reminder, a person's digest of a
   * day, queued by the scheduler of every instance): a second job with the key is dropped.
   */
  key?: string;
}

/**
 * Queues a mail in the transaction of the write that causes it: the mail exists exactly when the write is
 * committed, and goes out from whichever instance claims it (mail/dispatcher.ts).
 */
export async function queueMail<K extends MailKind>(tx: Executor, job: MailJob<K>): Promise<boolean> {
  const dueAt = job.dueAt ?? job.now;
  // A mail due now wakes the dispatchers on commit, by a NOTIFY in the insert's own RETURNING: sent only when the
  // job was inserted (not for a key already queued), and one statement rather than two in the write.
  const inserted = await tx
    .insert(mailJobs)
    .values({
      id: uuidv7(),
      kind: job.kind,
      toAddress: job.to,
      userId: job.userId ?? null,
      payload: job.payload,
      dueAt,
      key: job.key ?? null,
      createdAt: job.now,
    })
    .onConflictDoNothing({ target: mailJobs.key })
    .returning({ id: mailJobs.id, notified: dueAt <= job.now ? sql`pg_notify(${MAIL_JOBS_CHANNEL}, '')` : sql`null` });
  return inserted.length > 0;
}
