import { v7 as uuidv7 } from 'uuid';
import type { PushKind } from '../../src/contract/push';
import { VILLAGE_ZONE } from '../../src/contract/french-time';
import { DAY, zoneOffsets } from '../../src/contract/zone-offsets';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { pushJobs } from '../db/schema';

/** The evening reminder goes at this hour of the village's clock the day before a slot (by push and by e-mail). */
export const EVENING_REMINDER_HOUR = 19;
const HOUR_MS = 3600 * 1000;

export type PushJob = { villageId: string; kind: PushKind; data: Record<string, unknown>; dueAt: Date; key?: string };

/**
 * Pushes to queue, as a CTE of the write's one statement (actions/record.ts): they exist exactly when the
 * write they tell is committed, at no extra round trip (about half a millisecond each on the embedded
 * database). A scheduled job whose key is already queued is kept as it is.
 */
export function pushJobsCte(jobs: PushJob[]): SQL {
  if (jobs.length === 0) return sql``;
  const values = jobs.map(
    (job) =>
      sql`(${uuidv7()}, ${job.villageId}, ${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.data)}::jsonb, ${job.dueAt.toISOString()})`,
  );
  return sql`, pushed as (
    insert into ${pushJobs} (id, village_id, kind, key, data, due_at) values ${sql.join(values, sql`, `)} on conflict do nothing
  )`;
}

/**
 * When a slot's reminders are due: the evening before at 19 h on the village's clock, and an hour before it starts.
 * From the zone's kept offsets (src/contract/zone-offsets.ts), not luxon, which asked Intl five times a help.
 */
export function reminderTimes(start: Date, zone: string = VILLAGE_ZONE) {
  const offsetAt = zoneOffsets(zone);
  const day = Math.floor((start.getTime() + offsetAt(start.getTime())) / DAY);
  const eveningOnTheClock = (day - 1) * DAY + EVENING_REMINDER_HOUR * HOUR_MS;
  // The offset of that evening, found from a first guess: no zone changes its time around 19 h.
  const guess = eveningOnTheClock - offsetAt(start.getTime());
  return { evening: new Date(eveningOnTheClock - offsetAt(guess)), hour: new Date(start.getTime() - HOUR_MS) };
}

/**
 * A help taken: its managers are told now, its helper reminded later. A reminder whose time has passed
 * when the help is taken (a slot taken at 21 h for the next morning) is not sent: the helper just chose it.
 */
export function helpTakenJobs(
  help: { id: string; villageId: string; startDate: Date },
  data: Record<string, unknown>,
  now: Date,
  zone: string = VILLAGE_ZONE,
): PushJob[] {
  const { evening, hour } = reminderTimes(help.startDate, zone);
  const jobs: PushJob[] = [{ villageId: help.villageId, kind: 'help_added', data, dueAt: now }];
  const reminder = { help_id: help.id };
  if (evening > now)
    jobs.push({ villageId: help.villageId, kind: 'reminder_evening', data: reminder, dueAt: evening, key: `evening:${help.id}` });
  if (hour > now) jobs.push({ villageId: help.villageId, kind: 'reminder_hour', data: reminder, dueAt: hour, key: `hour:${help.id}` });
  return jobs;
}

/** A help withdrawn or refused: its reminders go with it (one of a deleted need's helps is dropped when due). */
export async function cancelReminders(tx: Executor, helpId: string) {
  await cancelRemindersOf(tx, [helpId]);
}

/** The reminders of several helps released at once (a member who leaves), in one statement. */
export async function cancelRemindersOf(tx: Executor, helpIds: readonly string[]) {
  if (helpIds.length === 0) return;
  await tx.delete(pushJobs).where(
    inArray(
      pushJobs.key,
      helpIds.flatMap((id) => [`evening:${id}`, `hour:${id}`]),
    ),
  );
}
