import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { db } from '../db/database';
import { DEFAULT_CATEGORY_COLOR, DEFAULT_TIME_ZONE, isActiveVillager, slotsBetween, type Help, type Slot, type Villager } from '../contract';
import { villageQuery } from './village-query';

/**
 * Read hooks of a village's local data: components use these, never the database. Each is a live query,
 * so a write made here, by the service worker's replay or by a pull shows at once. `undefined` while the
 * first read is under way.
 */

/** Keeps the village fresh from the server (when reachable) while a screen shows it. */
export const useVillageSync = (villageId: string) => useQuery(villageQuery(villageId));

export const useVillage = (villageId: string) => useLiveQuery(() => db.villages.get(villageId), [villageId]);

export const useCurrentUserId = () => useLiveQuery(async () => (await db.session.get('current'))?.userId ?? null, []);

export const useVillagers = (villageId: string) =>
  useLiveQuery(async () => {
    const rows = await db.villagers.where('village_id').equals(villageId).toArray();
    if (rows.length) return rows;
    // Not pulled yet: the village list brought its villagers along.
    return (await db.villages.get(villageId))?.villagers ?? [];
  }, [villageId]);

/** The signed-in user's villager in this village: the id every write acts as, and their role. */
export function useMyVillager(villageId: string): Villager | null | undefined {
  const villagers = useVillagers(villageId);
  const userId = useCurrentUserId();
  if (villagers === undefined || userId === undefined) return undefined;
  return villagers.find((v) => v.user_id === userId) ?? null;
}

export { canManage } from './roles';

export const useVillageNeeds = (villageId: string) =>
  useLiveQuery(async () => (await db.needs.where('village_id').equals(villageId).toArray()).sort((a, b) => a.name.localeCompare(b.name, 'fr')), [villageId]);

export const useNeed = (needId: string) => useLiveQuery(() => db.needs.get(needId), [needId]);

/** The village's helps by start, without those of villagers who are out or banned (the spec ignores them). */
export const useVillageHelps = (villageId: string, needId?: string) =>
  useLiveQuery(async () => {
    const [helps, villagers] = await Promise.all([
      needId ? db.helps.where('village_need_id').equals(needId).toArray() : db.helps.where('village_id').equals(villageId).toArray(),
      db.villagers.where('village_id').equals(villageId).toArray(),
    ]);
    return activeHelps(helps, villagers);
  }, [villageId, needId]);

export function activeHelps(helps: Help[], villagers: Villager[]): Help[] {
  const inactive = new Set(villagers.filter((v) => !isActiveVillager(v)).map((v) => v.id));
  // ISO instants of one format sort as plain strings; localeCompare costs several times more on 5,000 helps.
  return helps.filter((h) => !inactive.has(h.helper_id)).sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

export const useCategories = () => useLiveQuery(() => db.categories.toArray(), []);

export const categoryColor = (color: string | null | undefined) => color || DEFAULT_CATEGORY_COLOR;

/**
 * The slots of the village's scheduled needs starting in [from, to) (ISO instants), each with the helps of
 * active helpers on it, expanded on the device by the same function as the server's: a schedule made offline
 * shows its slots at once. `needId` narrows to one need.
 */
export const useVillageSlots = (villageId: string, from: string, to: string, needId?: string) =>
  useLiveQuery(() => readVillageSlots(villageId, from, to, needId), [villageId, from, to, needId]);

export async function readVillageSlots(villageId: string, from: string, to: string, needId?: string): Promise<Slot[]> {
  const [village, needs, villagers] = await Promise.all([
    db.villages.get(villageId),
    needId ? db.needs.where('id').equals(needId).toArray() : db.needs.where('village_id').equals(villageId).toArray(),
    db.villagers.where('village_id').equals(villageId).toArray(),
  ]);
  const scheduled = needs.filter((need) => need.schedule);
  if (scheduled.length === 0) return [];
  const helps = await db.helps
    .where('[village_id+start_date]')
    .between([villageId, from], [villageId, to], true, false)
    .toArray();
  const inactive = new Set(villagers.filter((v) => !isActiveVillager(v)).map((v) => v.id));
  return slotsBetween(scheduled, helps, (helperId) => !inactive.has(helperId), village?.time_zone ?? DEFAULT_TIME_ZONE, from, to);
}
