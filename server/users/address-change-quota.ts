import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { addressChangesTooMany } from '../../src/contract/email-verification';
import type { Executor } from '../db/client';
import { mailJobs } from '../db/schema';
import { createAttemptLog, enforceQuota, holdQuota, newestNeeded, type Quota } from '../http/account-quota';

/**
 * Tries at a new address per account in any hour: each change mails a link to the new address and a
 * notice to the former one, and each refusal tells whether an address has an account. Three is enough to
 * fix a typo twice.
 */
export const ADDRESS_CHANGES: Quota = { max: 3, windowMs: 3600 * 1000 };

/**
 * The bound on tries at a new address. Changes made are counted from the links they mailed (every
 * instance agrees); addresses refused as taken leave no row, so they are kept in this instance's memory
 * (createAttemptLog): behind N instances a prober gets N times 3 answers an hour.
 */
export function addressChangeQuota(now: () => number) {
  const refused = createAttemptLog(now, ADDRESS_CHANGES.windowMs, ADDRESS_CHANGES.max);
  return {
    /** Refuses with a French 429 and Retry-After when the account has tried 3 new addresses this hour. */
    async check(tx: Executor, userId: string, at: Date) {
      // Two changes at once count each other's link (on every instance).
      await holdQuota(tx, `address-change:${userId}`);
      const changes = await tx
        .select({ at: mailJobs.createdAt })
        .from(mailJobs)
        .where(
          and(
            eq(mailJobs.userId, userId),
            eq(mailJobs.kind, 'email_verification'),
            gt(mailJobs.createdAt, new Date(at.getTime() - ADDRESS_CHANGES.windowMs)),
            sql`${mailJobs.payload}->>'reason' = 'change'`,
          ),
        )
        .orderBy(desc(mailJobs.createdAt))
        .limit(newestNeeded(ADDRESS_CHANGES, 1));
      const tries = [...changes.map((row) => row.at), ...refused.recent(userId)].sort((a, b) => b.getTime() - a.getTime());
      enforceQuota(tries, ADDRESS_CHANGES, 1, at, addressChangesTooMany);
    },
    /** An address refused as taken: a try like a change. */
    refused: (userId: string) => refused.record(userId),
  };
}
