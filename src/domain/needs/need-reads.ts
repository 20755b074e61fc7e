import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';

export const readVillageNeeds = async (database: VillageDatabase, villageId: string) =>
  (await database.needs.where('village_id').equals(villageId).toArray()).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export const useVillageNeeds = (villageId: string) => useLiveQuery(() => readVillageNeeds(db, villageId), [villageId]);

export const useNeed = (needId: string) => useLiveQuery(() => db.needs.get(needId), [needId]);
