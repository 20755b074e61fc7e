import type { VillageDatabase } from '../../../db/database';

/** A catalogue need, looked up in the categories kept on this device. */
export async function catalogueEntry(db: VillageDatabase, needId: string) {
  const categories = await db.categories.toArray();
  for (const category of categories) {
    const need = category.needs?.find((n) => n.id === needId);
    if (need) return need;
  }
  return undefined;
}
