import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { db, type VillageDatabase } from '../db/database';
import { DEFAULT_CATEGORY_COLOR, isActiveVillager, type Help, type Villager } from '../contract';
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

/* The reads behind the hooks, which tests/bench/planning.ts times as the planning's hooks make them. */
export async function readVillagers(database: VillageDatabase, villageId: string): Promise<Villager[]> {
  const rows = await database.villagers.where('village_id').equals(villageId).toArray();
  if (rows.length) return rows;
  // Not pulled yet: the village list brought its villagers along.
  return (await database.villages.get(villageId))?.villagers ?? [];
}

export const readVillageNeeds = async (database: VillageDatabase, villageId: string) =>
  (await database.needs.where('village_id').equals(villageId).toArray()).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export const readCategories = (database: VillageDatabase) => database.categories.toArray();

export const useVillagers = (villageId: string) => useLiveQuery(() => readVillagers(db, villageId), [villageId]);

/** The signed-in user's villager in this village: the id every write acts as, and their role. */
export function useMyVillager(villageId: string): Villager | null | undefined {
  const villagers = useVillagers(villageId);
  const userId = useCurrentUserId();
  if (villagers === undefined || userId === undefined) return undefined;
  return villagers.find((v) => v.user_id === userId) ?? null;
}

export { canManage } from './roles';

export const useVillageNeeds = (villageId: string) => useLiveQuery(() => readVillageNeeds(db, villageId), [villageId]);

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

/** The helps of villagers still in the village (neither out nor banned), in the order given, in a new array. */
export function helpsOfActiveVillagers<H extends Pick<Help, 'helper_id'>>(helps: readonly H[], villagers: Villager[]): H[] {
  const inactive = new Set(villagers.filter((v) => !isActiveVillager(v)).map((v) => v.id));
  return helps.filter((h) => !inactive.has(h.helper_id));
}

export function activeHelps<H extends Pick<Help, 'helper_id' | 'start_date'>>(helps: H[], villagers: Villager[]): H[] {
  // ISO instants of one format sort as plain strings; localeCompare costs several times more on 5,000 helps.
  return helpsOfActiveVillagers(helps, villagers).sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

export const useCategories = () => useLiveQuery(() => readCategories(db), []);

export const categoryColor = (color: string | null | undefined) => color || DEFAULT_CATEGORY_COLOR;
