import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps } from '../db/schema';
import { cancelRemindersOf, type PushJob } from '../push/queue';

/** Why a member's helps were released: the push names it ("a quitté le village", "a été retiré du village"…). */
export type ReleaseReason = 'left' | 'banned' | 'account_deleted';

/**
 * A member who goes (leaves, is removed, deletes their account) gives back their future helps, scheduled
 * slots and free helps alike, in the transaction that makes them go: the slots show as open again at once,
 * nobody counts on someone gone. Past helps stay: the history keeps the name. The rows are deleted, so
 * joining again does not bring them back. Answers how many were released.
 */
export const releaseFutureHelps = (tx: Executor, villagerId: string, now: Date) => releaseFuture(tx, eq(helps.helperId, villagerId), now);

/** Deletes the helps `whose` names that start after `now`, and their reminders; answers how many. */
async function releaseFuture(tx: Executor, whose: SQL, now: Date): Promise<number> {
  const released = await tx
    .delete(helps)
    .where(and(whose, gt(helps.startDate, now)))
    .returning({ id: helps.id });
  await cancelRemindersOf(
    tx,
    released.map((h) => h.id),
  );
  return released.length;
}

/**
 * The one push telling the organisers how many slots are open again (push/compose.ts), when there are any.
 * `actorId` is who made it happen (the one who left, or the manager who removed them): not told.
 */
export function releasedJobs(
  villageId: string,
  who: { villagerId: string; firstName: string | null; actorId: string; reason: ReleaseReason },
  released: number,
  now: Date,
): PushJob[] {
  if (released === 0) return [];
  const data = { villager_id: who.villagerId, first_name: who.firstName, actor_id: who.actorId, reason: who.reason, released };
  return [{ villageId, kind: 'helps_released', data, dueAt: now }];
}

/**
 * A village closed when care ends gives back every future help of every member in the closing's transaction,
 * as a member who goes does (above), reminders included. Answers how many were released.
 */
export const releaseVillageFutureHelps = (tx: Executor, villageId: string, now: Date) =>
  releaseFuture(tx, eq(helps.villageId, villageId), now);
