import type { VillageDatabase } from '../db/database';
import type { MutationRegistry } from './registry';

/**
 * Re-applies the writes still waiting to be sent for a village on top of what the tables hold now (a fresh
 * server snapshot), in queue order, so a refetch never erases a change that has not reached the server.
 * Must run inside a read-write transaction over the village tables and the outbox (the registry is
 * awaited before it opens).
 */
export async function rebasePending(db: VillageDatabase, kinds: MutationRegistry, villageId: string, userId: string | null) {
  const pending = await db.outbox.where('villageId').equals(villageId).sortBy('seq');
  for (const entry of pending) {
    if (entry.status !== 'pending' || entry.userId !== userId) continue;
    await kinds.get(entry.kind).apply(db, entry.payload, { createdAt: entry.createdAt });
  }
}
