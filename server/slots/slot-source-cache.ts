import type { SlotSource } from './village-slots';

/**
 * Slot sources by village and revision: every write that changes a village bumps its revision in its own
 * transaction, and the caller reads the revision first (its membership, dropped on any change), so an entry
 * is never served stale. Concurrent readers of one revision share one read. Bounded, least recently used
 * dropped first.
 */
export function createSlotSourceCache(maxEntries = 200) {
  const entries = new Map<string, Promise<SlotSource>>();
  return {
    get(villageId: string, revision: number, load: () => Promise<SlotSource>): Promise<SlotSource> {
      const key = `${villageId}:${revision}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const loading = load();
      entries.set(key, loading);
      // A failed read is not kept: the next reader tries again.
      loading.catch(() => entries.get(key) === loading && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return loading;
    },
  };
}
