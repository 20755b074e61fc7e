import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITATIONS_PER_DAY, invitationMessages } from '../../src/contract/invitations';
import type { Executor } from '../db/client';
import { mailJobs } from '../db/schema';
import { enforceQuota, holdQuota, newestNeeded, type Quota } from '../http/account-quota';

const DAY = 24 * 3600 * 1000;
/** Per inviting account (across its villages) and per village (whichever organiser sends). */
export const INVITATIONS_PER_ACCOUNT: Quota = { max: INVITATIONS_PER_DAY, windowMs: DAY };
export const INVITATIONS_PER_VILLAGE: Quota = { max: INVITATIONS_PER_DAY, windowMs: DAY };

/**
 * The invitation mails queued since `since`, newest first, at most `limit`: counted from the mail jobs,
 * which keep every sending (a resend included), so every instance counts the same. Invitation mails have
 * no recipient account (user_id null): the (user_id, kind, created_at) index finds the day's.
 */
async function sentSince(tx: Executor, payloadField: 'sender_id' | 'village_id', value: string, since: Date, limit: number) {
  const rows = await tx
    .select({ at: mailJobs.createdAt })
    .from(mailJobs)
    .where(
      and(
        isNull(mailJobs.userId),
        eq(mailJobs.kind, 'invitation'),
        gt(mailJobs.createdAt, since),
        sql`${mailJobs.payload}->>${payloadField} = ${value}`,
      ),
    )
    .orderBy(desc(mailJobs.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}

/**
 * Refuses with a French 429 and Retry-After when `count` more invitation mails would pass what the
 * account or the village may send in 24 hours. Called in the write's transaction before anything is
 * queued; the calls of one account, and of one village, wait for each other until their commit.
 */
export async function checkInvitationQuota(tx: Executor, input: { userId: string; villageId: string; count: number; now: Date }) {
  if (input.count === 0) return;
  // Always the account's lock before the village's: two calls never wait for each other crosswise.
  await holdQuota(tx, `invitations:account:${input.userId}`);
  await holdQuota(tx, `invitations:village:${input.villageId}`);
  const since = (quota: Quota) => new Date(input.now.getTime() - quota.windowMs);
  const byAccount = await sentSince(
    tx,
    'sender_id',
    input.userId,
    since(INVITATIONS_PER_ACCOUNT),
    newestNeeded(INVITATIONS_PER_ACCOUNT, input.count),
  );
  enforceQuota(byAccount, INVITATIONS_PER_ACCOUNT, input.count, input.now, invitationMessages.accountFull);
  const byVillage = await sentSince(
    tx,
    'village_id',
    input.villageId,
    since(INVITATIONS_PER_VILLAGE),
    newestNeeded(INVITATIONS_PER_VILLAGE, input.count),
  );
  enforceQuota(byVillage, INVITATIONS_PER_VILLAGE, input.count, input.now, invitationMessages.villageFull);
}
