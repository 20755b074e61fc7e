import type { VillageDatabase } from '../../db/database';

/**
 * This local store's id: made the first time it is asked for, then kept in the store itself (and kept across
 * sign-outs), so it lives exactly as long as what the store holds. One transaction: two tabs asking at once
 * get the same id.
 */
export function storeId(database: VillageDatabase): Promise<string> {
  return database.transaction('rw', database.device, async () => {
    const kept = await database.device.get('store');
    if (kept) return kept.id;
    const id = crypto.randomUUID();
    await database.device.put({ key: 'store', id });
    return id;
  });
}
