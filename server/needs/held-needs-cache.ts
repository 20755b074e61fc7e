import type { Executor } from '../db/client';
import type { VillageRow, VillagerRow } from '../membership';
import { isManager } from '../policy';
import { audienceFrom, FULL_AUDIENCE, loadHeldNeeds, type HeldNeed, type NeedAudience } from './need-audience';

/**
 * Each reader's held needs by village revision, on this instance: a village read costs no query for its
 * audience until the village changes (every help written bumps its revision). What is kept is the helps'
 * ends, not the audience: a help that becomes past closes its details at the next read, without a write.
 */
export function createHeldNeedsCache(maxEntries = 20_000) {
  const kept = new Map<string, { revision: number; held: HeldNeed[] }>();
  return {
    async audience(db: Executor, village: VillageRow, villager: VillagerRow, now: Date): Promise<NeedAudience> {
      if (isManager(villager)) return FULL_AUDIENCE;
      const key = `${village.id}:${villager.id}`;
      let entry = kept.get(key);
      if (!entry || entry.revision !== village.revision) {
        // Read after the revision was: at least as new as it, which is all a later reader needs.
        entry = { revision: village.revision, held: await loadHeldNeeds(db, village.id, villager.id) };
        if (kept.size >= maxEntries) kept.clear();
        kept.set(key, entry);
      }
      return audienceFrom(villager, entry.held, now);
    },
  };
}
export type HeldNeedsCache = ReturnType<typeof createHeldNeedsCache>;
