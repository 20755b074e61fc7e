import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { wantsNotification } from '../../../src/contract/notification-settings';
import { helps, mailJobs, users, villageNeeds, villagers, villages } from '../../db/schema';
import { EVENING_REMINDER_HOUR } from '../../push/queue';
import { readNotificationSettingsOf } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { helpMailPayload } from './help-event';
import { notClosed } from '../../villages/closed';

// The evening before a slot is at most 29 h before it (a slot at 23 h 59), 30 h over a change of clocks.
const LOOK_AHEAD_MS = 36 * 3600 * 1000;

/** 19 h the day before the help starts, on the village's wall clock (daylight-saving changes included). */
const eveningBefore = sql`((date_trunc('day', ${helps.startDate} at time zone ${villages.timeZone}) - interval '1 day' + interval '${sql.raw(String(EVENING_REMINDER_HOUR))} hours') at time zone ${villages.timeZone})`;

/**
 * `reminder:{helpId}:{start}`: one mail per help and start, so a help moved to another date is reminded of
 * its new one. Written by the query itself (the start as JavaScript's toISOString writes it), so that the
 * query and the queue can never disagree on it.
 */
const reminderKey = sql<string>`'reminder:' || ${helps.id} || ':' || to_char(${helps.startDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The e-mail reminder of every slot whose evening before has come (19 h, the village's time zone) and
 * which still lies ahead: what is true now, so a help withdrawn, refused or released (deleted) is never
 * reminded. Not for a slot taken after that evening (whoever took it at 21 h for the next morning just
 * chose it), nor for a helper who left the village, has no verified address or turned reminders off.
 *
 * One query a minute, on every instance, answering only the reminders not queued yet: usually none.
 */
export const eveningReminders: ScheduledMailProducer = {
  name: 'evening reminders',
  async run(db, now) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const due = await db
      .select({
        help: { id: helps.id, startDate: helps.startDate, endDate: helps.endDate, comment: helps.comment },
        village: { id: villages.id, name: villages.name, firstName: villages.firstName, timeZone: villages.timeZone },
        need: villageNeeds,
        user: { id: users.id, email: users.email, firstName: users.firstName },
        key: reminderKey,
      })
      .from(helps)
      .innerJoin(villages, eq(villages.id, helps.villageId))
      .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
      .innerJoin(villagers, eq(villagers.id, helps.helperId))
      .innerJoin(users, eq(users.id, villagers.userId))
      .where(
        and(
          gt(helps.startDate, now),
          lte(helps.startDate, new Date(now.getTime() + LOOK_AHEAD_MS)),
          sql`${eveningBefore} <= ${at}`,
          sql`${helps.createdAt} < ${eveningBefore}`,
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          notClosed(),
          isNotNull(users.emailVerifiedAt),
          sql`not exists (select 1 from ${mailJobs} where ${mailJobs.key} = ${reminderKey})`,
        ),
      );
    if (due.length === 0) return 0;
    const settings = await readNotificationSettingsOf(
      db,
      due.map((row) => row.user.id),
    );
    const wanted = due.filter((row) => wantsNotification(settings.get(row.user.id)!, 'email', 'reminders', row.village.id));
    if (wanted.length === 0) return 0;
    // A few hundred rows per INSERT: one statement per reminder was most of an evening's run.
    return queueDigests(
      db,
      'help_reminder',
      now,
      wanted.map((row) => ({
        to: row.user.email,
        userId: row.user.id,
        key: row.key,
        payload: helpMailPayload(row.village, row.need, row.help, row.user.firstName),
      })),
    );
  },
};
