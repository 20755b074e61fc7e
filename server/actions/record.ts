import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ActionType } from '../../src/contract';
import type { Executor } from '../db/client';
import { actions, villages } from '../db/schema';
import { VILLAGE_EVENTS_CHANNEL } from '../cache/notifications';
import { markTouched } from '../cache/touched';
import { pushJobsCte, type PushJob } from '../push/queue';

/**
 * Marks the village as changed: its revision (which keys the cached full village and its ETag) moves
 * on, and a NOTIFY goes out when the transaction commits, so every server instance hears of it.
 * One statement: on the embedded database every round trip costs about half a millisecond.
 */
export async function touchVillage(tx: Executor, villageId: string, now: Date, type = 'changed', pushes: PushJob[] = []) {
  markTouched(tx, villageId);
  await tx.execute(sql`
    with touched as (
      update ${villages} set revision = revision + 1, updated_at = ${now.toISOString()} where id = ${villageId}
    )${pushJobsCte(pushes)}
    select pg_notify(${VILLAGE_EVENTS_CHANNEL}, ${JSON.stringify({ village_id: villageId, type })})`);
}

/**
 * Appends one item to the village's notification feed and touches the village, in the caller's transaction,
 * with the pushes that tell it (push/queue.ts).
 */
export async function recordAction(
  tx: Executor,
  action: { villageId: string; villagerId: string | null; type: ActionType; data?: Record<string, unknown> },
  now: Date,
  pushes: PushJob[] = [],
) {
  markTouched(tx, action.villageId);
  const at = now.toISOString();
  await tx.execute(sql`
    with added as (
      insert into ${actions} (id, village_id, villager_id, type, data, created_at)
      values (${uuidv7()}, ${action.villageId}, ${action.villagerId}, ${action.type}, ${JSON.stringify(action.data ?? {})}::jsonb, ${at})
    ), touched as (
      update ${villages} set revision = revision + 1, updated_at = ${at} where id = ${action.villageId}
    )${pushJobsCte(pushes)}
    select pg_notify(${VILLAGE_EVENTS_CHANNEL}, ${JSON.stringify({ village_id: action.villageId, type: action.type })})`);
}
