import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';
import type { Villager } from '../../contract';
import { useCurrentUserId } from '../villages/village-reads';

/* The reads behind the hooks, which tests/bench/planning.ts times as the planning's hooks make them. */
export async function readVillagers(database: VillageDatabase, villageId: string): Promise<Villager[]> {
  const rows = await database.villagers.where('village_id').equals(villageId).toArray();
  if (rows.length) return rows;
  // Not pulled yet: the village list brought its villagers along.
  return (await database.villages.get(villageId))?.villagers ?? [];
}

export const useVillagers = (villageId: string) => useLiveQuery(() => readVillagers(db, villageId), [villageId]);

/** The signed-in user's villager in this village: the id every write acts as, and their role. */
export function useMyVillager(villageId: string): Villager | null | undefined {
  const villagers = useVillagers(villageId);
  const userId = useCurrentUserId();
  if (villagers === undefined || userId === undefined) return undefined;
  return villagers.find((v) => v.user_id === userId) ?? null;
}

export { canManage } from './roles';
