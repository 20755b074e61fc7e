/**
 * Serialized village answers, keyed by village, revision and include. Every write bumps the revision in
 * its own transaction and each read checks the current revision in the database first, so an entry is
 * never served stale, whichever instance made the write. Bounded, oldest entries dropped first.
 */
export function createVillageViewCache(maxEntries = 500) {
  const entries = new Map<string, string>();
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, json: string) {
      entries.set(key, json);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}
export type VillageViewCache = ReturnType<typeof createVillageViewCache>;
