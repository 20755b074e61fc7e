import { and, eq, gt, inArray } from 'drizzle-orm';
import { occurrenceAt, type Schedule } from '../../src/contract/schedule';
import type { Executor } from '../db/client';
import { helps, users, villagers } from '../db/schema';
import { recordAction } from '../actions/record';
import { cancelReminders } from '../push/queue';

interface Edit {
  villageId: string;
  zone: string;
  need: { id: string; name: string };
  /** The schedule the need had before the edit, and the one it has now (both non-null: see below). */
  schedule: Schedule;
  actorId: string;
  now: Date;
}

/**
 * A schedule edit changes future slots only. In the edit's transaction, each future help whose start is no
 * longer an occurrence (a day dropped from the rule, an exdate added, a new time) is released: deleted,
 * said in the feed and pushed to its helper, never dropped silently. A help still on an occurrence keeps
 * it, with the occurrence's end if the duration changed. Past helps are history: never touched.
 * Answers how many were released.
 */
export async function releaseRemovedSlots(tx: Executor, edit: Edit): Promise<number> {
  const { villageId, zone, need, schedule, actorId, now } = edit;
  const future = await tx
    .select({ help: helps, firstName: users.firstName })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.villageNeedId, need.id), gt(helps.startDate, now)));
  const released: typeof future = [];
  for (const row of future) {
    const occurrence = occurrenceAt(schedule, zone, row.help.startDate, now);
    if (!occurrence) {
      released.push(row);
    } else if (row.help.endDate?.toISOString() !== occurrence.end_date) {
      await tx
        .update(helps)
        .set({ endDate: new Date(occurrence.end_date) })
        .where(eq(helps.id, row.help.id));
    }
  }
  if (released.length === 0) return 0;
  const ids = released.map((row) => row.help.id);
  await tx.delete(helps).where(inArray(helps.id, ids));
  for (const { help, firstName } of released) {
    await cancelReminders(tx, help.id);
    const start = help.startDate.toISOString();
    const data = {
      help_id: help.id,
      need_id: need.id,
      need_name: need.name,
      helper_id: help.helperId,
      helper_first_name: firstName,
      start_date: start,
    };
    await recordAction(tx, { villageId, villagerId: actorId, type: 'help_released', data }, now, [
      { villageId, kind: 'help_released', data: { ...data, actor_id: actorId }, dueAt: now },
    ]);
  }
  return released.length;
}
