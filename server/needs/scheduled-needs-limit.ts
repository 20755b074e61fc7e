import { and, count, eq, isNotNull } from 'drizzle-orm';
import { MAX_SCHEDULED_NEEDS, scheduleMessages } from '../../src/contract/schedule-schema';
import type { Executor } from '../db/client';
import { villageNeeds, villages } from '../db/schema';
import { invalid } from '../http/errors';

/**
 * Refuses a need that would give a village more than MAX_SCHEDULED_NEEDS needs with a schedule: every
 * read of its slots (and its calendar) expands each of them. Counted in the write's transaction with the
 * village's row locked, so two writers at once cannot both take the last place (PGlite runs one
 * transaction at a time anyway). Writes lock a need before its village, as every write does at its end.
 */
export async function checkScheduledNeedsRoom(tx: Executor, villageId: string): Promise<void> {
  await tx.select({ id: villages.id }).from(villages).where(eq(villages.id, villageId)).for('update');
  const [row] = await tx
    .select({ scheduled: count() })
    .from(villageNeeds)
    .where(and(eq(villageNeeds.villageId, villageId), isNotNull(villageNeeds.schedule)));
  if ((row?.scheduled ?? 0) >= MAX_SCHEDULED_NEEDS) throw invalid([{ field: 'schedule', message: scheduleMessages.tooManyScheduledNeeds }]);
}
