import Dexie from 'dexie';
import type { Village } from '../contract';
import { helpsFromInstant, recentHelpsFrom, VILLAGE_APP_INCLUDE } from '../contract/villages';
import { getVillage } from '../contract/endpoints/villages';
import { villageTables, type VillageDatabase } from '../db/database';
import { send, type TransportEnv } from '../api/transport';
import type { ApiFailure } from '../api/failure';
import { rebasePending } from './rebase';
import { mutationKinds } from './registry';
import { isQuotaError, reportStorageFull } from './quota';

export type PullResult = { ok: true; village: Village } | { ok: false; failure: ApiFailure };

/**
 * Fetches a village with everything in it (its recent helps), writes the snapshot to the local tables in one
 * transaction (replacing that village's villagers, needs and the helps of its window), then re-applies the
 * writes still waiting to be sent, so a refetch never erases a change made on this device.
 */
export async function pullVillage(transport: TransportEnv, db: VillageDatabase, userId: string, villageId: string): Promise<PullResult> {
  for (let attempt = 0; ; attempt++) {
    const sentBefore = await sentCount(db, villageId);
    const helpsFrom = recentHelpsFrom();
    const query = { include: VILLAGE_APP_INCLUDE, helps_from: helpsFrom };
    const result = await send(transport, getVillage, { params: { id: villageId }, query }, { retries: 0 });
    if (!result.ok) return result;
    try {
      const stored = await storeVillageSnapshot(db, result.data, userId, sentBefore, helpsFromInstant(helpsFrom));
      // A write of this device reached the server while the answer was on its way: it may lack it, ask again.
      if (stored || attempt >= 2) return { ok: true, village: result.data };
    } catch (error) {
      if (isQuotaError(error)) reportStorageFull(true);
      throw error;
    }
  }
}

const sentCount = async (db: VillageDatabase, villageId: string) => (await db.sentMarks.get(villageId))?.sent ?? 0;

/** Counts a write of the village that reached the server (in the replayer's transaction). */
export async function markSent(db: VillageDatabase, villageId: string) {
  await db.sentMarks.put({ villageId, sent: (await sentCount(db, villageId)) + 1 });
}

/**
 * Writes a village's snapshot then re-applies its pending writes, in one transaction. With `sentBefore`
 * (the sent count when the snapshot was asked for), a snapshot older than a write sent meanwhile is
 * not stored: answers false. With `helpsFrom` (an instant) the snapshot holds the helps from then on only:
 * the older ones this device read stay as they were.
 */
export async function storeVillageSnapshot(
  db: VillageDatabase,
  village: Village,
  userId: string | null,
  sentBefore?: number,
  helpsFrom?: string,
) {
  const { needs = [], helps = [], villagers = [], ...fields } = village;
  const kinds = await mutationKinds();
  return db.transaction('rw', [...villageTables(db), db.outbox, db.sentMarks], async () => {
    if (sentBefore !== undefined && (await sentCount(db, village.id)) !== sentBefore) return false;
    await db.villages.put({ ...fields, villagers });
    await db.villagers.where('village_id').equals(village.id).delete();
    await db.villagers.bulkPut(villagers);
    await db.needs.where('village_id').equals(village.id).delete();
    await db.needs.bulkPut(needs);
    const replaced = helpsFrom
      ? db.helps.where('[village_id+start_date]').between([village.id, helpsFrom], [village.id, Dexie.maxKey], true, true)
      : db.helps.where('village_id').equals(village.id);
    // Only the helps gone from the snapshot are deleted; the others are put over themselves. Deleting all of
    // them first cost a 20,000-help village as much again as the put (tests/bench/planning.ts, "écriture d'un pull").
    await db.helps.bulkDelete(goneFrom(await replaced.primaryKeys(), helps));
    await db.helps.bulkPut(helps);
    await rebasePending(db, kinds, village.id, userId);
    return true;
  });
}

/** The ids of `stored` that `incoming` no longer holds. */
export const goneFrom = (stored: readonly string[], incoming: readonly { id: string }[]) => {
  const kept = new Set(incoming.map((help) => help.id));
  return stored.filter((id) => !kept.has(id));
};
