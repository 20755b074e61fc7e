import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { villagers } from '../db/schema';
import type { VillageChange } from './hub';

/**
 * Who may still read a village when a change is announced, read once per change for all the streams of
 * that village on this instance: a membership read per stream (the change has just emptied the cache)
 * would cost one query per open stream on every write.
 */
export function activeMembersOnChange(db: Db) {
  const loaded = new WeakMap<VillageChange, Promise<Set<string>>>();
  return (change: VillageChange): Promise<Set<string>> => {
    let members = loaded.get(change);
    if (!members) {
      members = db
        .select({ userId: villagers.userId })
        .from(villagers)
        .where(and(eq(villagers.villageId, change.village_id), eq(villagers.isOut, false), eq(villagers.isBan, false)))
        .then((rows) => new Set(rows.map((r) => r.userId).filter((id): id is string => !!id)));
      loaded.set(change, members);
    }
    return members;
  };
}
