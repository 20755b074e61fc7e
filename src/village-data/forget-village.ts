import { db, villageTables } from '../db/database';

/** The server says this village is no longer ours (banned, or gone): its rows leave the device. */
export async function forgetVillage(villageId: string) {
  await db.transaction('rw', villageTables(db), async () => {
    await db.villages.delete(villageId);
    await db.villagers.where('village_id').equals(villageId).delete();
    await db.needs.where('village_id').equals(villageId).delete();
    await db.helps.where('village_id').equals(villageId).delete();
    await db.messages.where('village_id').equals(villageId).delete();
  });
}
