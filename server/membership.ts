import type { villagers, villages } from './db/schema';

export type VillageRow = typeof villages.$inferSelect;
export type VillagerRow = typeof villagers.$inferSelect;

/** The village and the caller's villager in it (if any), read in one query (policy.ts, `loadMembership`). */
export interface Membership {
  village: VillageRow;
  villager: VillagerRow | null;
}
