import type { QueryClient } from '@tanstack/react-query';
import { db as defaultDb, villageTables, type VillageDatabase } from '../../db/database';
import { removedFromVillage } from '../../contract/error-messages';

const FORGOTTEN_KEY = 'village-forgotten';
const FORGOTTEN_KEPT = 50;

const storage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * The villages this device let go (the user removed, gone, or the village gone), so that a deep link to one
 * says so in French rather than the spec's 404 with its id. Kept in localStorage: the route guards read it
 * before Dexie is loaded. A short list: a village one left long ago may fall back to the plain 404.
 */
export function rememberForgotten(villageIds: readonly string[]) {
  const store = storage();
  if (!store || villageIds.length === 0) return;
  const kept = readForgotten().filter((id) => !villageIds.includes(id));
  try {
    store.setItem(FORGOTTEN_KEY, JSON.stringify([...villageIds, ...kept].slice(0, FORGOTTEN_KEPT)));
  } catch {
    // A full or disabled storage: the deep link then gets the plain 404, nothing worse.
  }
}

function readForgotten(): string[] {
  try {
    const list: unknown = JSON.parse(storage()?.getItem(FORGOTTEN_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const wasForgotten = (villageId: string) => readForgotten().includes(villageId);

/** How a write the village will never take shows in the list of refused changes. */
const REMOVED_FAILURE = { status: 403, message: removedFromVillage } as const;

/**
 * The server says this village is no longer ours (removed, left elsewhere, or gone): its rows leave the
 * device. The writes still waiting for it could only be refused now: they are marked failed with the reason,
 * so the list of changes not sent shows them instead of losing them silently (the user discards them there).
 */
export async function forgetVillage(villageId: string, db: VillageDatabase = defaultDb): Promise<void> {
  rememberForgotten([villageId]);
  await db.transaction('rw', [...villageTables(db), db.outbox], async () => {
    await db.villages.delete(villageId);
    await db.villagers.where('village_id').equals(villageId).delete();
    await db.needs.where('village_id').equals(villageId).delete();
    await db.helps.where('village_id').equals(villageId).delete();
    await db.messages.where('village_id').equals(villageId).delete();
    await db.outbox
      .where('villageId')
      .equals(villageId)
      .filter((entry) => entry.status === 'pending')
      .modify({ status: 'failed', failure: REMOVED_FAILURE });
  });
}

/**
 * Whether a refusal of the village's pull means it is lost to this user: a 403 always (no longer a member); a
 * 404 unless writes of this village still wait here, since a village created on this device and not sent yet
 * is unknown to the server too.
 */
export async function villageIsLost(villageId: string, status: number, db: VillageDatabase = defaultDb): Promise<boolean> {
  if (status === 403) return true;
  if (status !== 404) return false;
  const waiting = await db.outbox
    .where('villageId')
    .equals(villageId)
    .filter((entry) => entry.status === 'pending')
    .count();
  return waiting === 0;
}

/**
 * Drops what the query cache holds of the village (its pull, feed pages, chat: their keys carry its id). Done
 * once the screens that read them are gone, so no screen is left watching a query that vanished under it.
 */
export function forgetVillageQueries(queryClient: QueryClient, villageId: string) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(villageId) });
}
