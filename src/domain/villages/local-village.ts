import { db } from '../../db/database';

/** A village as this device stored it, and who is signed in here: what the creation tunnel's guards decide on. */
export async function readLocalVillage(villageId: string) {
  const [village, session] = await Promise.all([db.villages.get(villageId), db.session.get('current')]);
  return { village, userId: session?.userId ?? null };
}

/** How many needs this device stores for a village: the creation tunnel resumes after the needs step once it has one. */
export const countLocalNeeds = (villageId: string) => db.needs.where('village_id').equals(villageId).count();
