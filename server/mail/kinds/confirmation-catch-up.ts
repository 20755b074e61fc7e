import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { wantsNotification } from '../../../src/contract/notification-settings';
import type { Executor } from '../../db/client';
import { helps, mailJobs, users, villageNeeds, villagers, villages } from '../../db/schema';
import { readNotificationSettings } from '../preferences';
import { queueMail } from '../queue';
import { confirmationKey } from './confirmation-queue';
import { helpMailPayload } from './help-event';
import { notClosed } from '../../villages/closed';

/**
 * Bounded work in the verifying request's transaction: the next 100 future helps still without a
 * confirmation. A person holds a handful; a helper holding more than 100 future slots gets the nearest
 * confirmed now, and each reminder still comes the evening before (the reminder producer reads the
 * verified address then, whatever was caught up here).
 */
export const CATCH_UP_LIMIT = 100;

/** The key of confirmationKey, written by the query, so that helps already confirmed are not counted in the limit. */
const keyOfHelp = sql`'confirmation:' || ${helps.id} || ':' || to_char(${helps.startDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Once an address becomes verified, the confirmation (with its .ics) of each help its person still holds
 * in the future, queued as the take would have queued it had the address been verified then: under the same
 * key, so a help is confirmed once however many times this runs. Not for past helps, nor in a village the
 * person left or was removed from, nor where they turned confirmations off. Answers how many were queued.
 */
export async function catchUpConfirmations(tx: Executor, userId: string, now: Date): Promise<number> {
  const held = await tx
    .select({
      help: { id: helps.id, startDate: helps.startDate, endDate: helps.endDate, comment: helps.comment },
      village: { id: villages.id, name: villages.name, firstName: villages.firstName, timeZone: villages.timeZone },
      need: villageNeeds,
      user: { email: users.email, firstName: users.firstName },
    })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .innerJoin(users, eq(users.id, villagers.userId))
    .innerJoin(villages, eq(villages.id, helps.villageId))
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .where(
      and(
        eq(villagers.userId, userId),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
        notClosed(),
        gt(helps.startDate, now),
        sql`not exists (select 1 from ${mailJobs} where ${mailJobs.key} = ${keyOfHelp})`,
      ),
    )
    .orderBy(asc(helps.startDate), asc(helps.id))
    .limit(CATCH_UP_LIMIT);
  if (held.length === 0) return 0;
  const settings = await readNotificationSettings(tx, userId);
  let queued = 0;
  for (const row of held) {
    if (!wantsNotification(settings, 'email', 'confirmations', row.village.id)) continue;
    const payload = helpMailPayload(row.village, row.need, row.help, row.user.firstName);
    const job = { kind: 'help_confirmation' as const, to: row.user.email, userId, payload, now, key: confirmationKey(row.help) };
    if (await queueMail(tx, job)) queued += 1;
  }
  return queued;
}
