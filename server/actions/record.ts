import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ActionType } from '../../src/contract';
import type { Executor } from '../db/client';
import { actions, villages } from '../db/schema';
import { VILLAGE_EVENTS_CHANNEL } from '../cache/notifications';
import { markTouched } from '../cache/touched';


/**
 * Marks the village as changed: its revision (which keys the cached full village and its ETag) moves
 * on, and a NOTIFY goes out when the transaction commits, so every server instance hears of it.
 */
export async function touchVillage(tx: Executor, villageId: string, now: Date, type = 'changed') {
  markTouched(villageId);
  await tx
    .update(villages)
    .set({ revision: sql`${villages.revision} + 1`, updatedAt: now })
    .where(eq(villages.id, villageId));
  await tx.execute(
    sql`select pg_notify(${VILLAGE_EVENTS_CHANNEL}, ${JSON.stringify({ village_id: villageId, type })})`,
  );
}

/** Appends one item to the village's notification feed, in the caller's transaction. */
export async function recordAction(
  tx: Executor,
  action: { villageId: string; villagerId: string | null; type: ActionType; data?: Record<string, unknown> },
  now: Date,
) {
  await tx.insert(actions).values({
    id: uuidv7(),
    villageId: action.villageId,
    villagerId: action.villagerId,
    type: action.type,
    data: action.data ?? {},
    createdAt: now,
  });
  await touchVillage(tx, action.villageId, now, action.type);
}
