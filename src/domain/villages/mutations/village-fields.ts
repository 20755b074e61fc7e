import type { Village, Villager } from '../../../contract';
import type { VillageDatabase } from '../../../db/database';

/** The server's answer about a village (its own fields), merged over what the device holds: relations stay. */
export async function storeVillageAnswer(db: VillageDatabase, villageId: string, answer: Village) {
  const local = await db.villages.get(villageId);
  const { needs: _needs, helps: _helps, ...fields } = answer;
  await db.villages.put({ ...local, ...fields, villagers: answer.villagers ?? local?.villagers });
  if (answer.villagers) await db.villagers.bulkPut(answer.villagers);
}

/** Changes one villager, in its table and in the copy the village row carries (the guards read that one). */
export async function updateVillager(db: VillageDatabase, villageId: string, villagerId: string, changes: Partial<Villager>) {
  await db.villagers.update(villagerId, changes);
  const village = await db.villages.get(villageId);
  if (village?.villagers) {
    await db.villages.put({ ...village, villagers: village.villagers.map((m) => (m.id === villagerId ? { ...m, ...changes } : m)) });
  }
}
