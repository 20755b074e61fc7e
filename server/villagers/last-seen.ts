import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { villagers } from '../db/schema';

/**
 * How stale a member's "last seen" may be. The chat digest waits hours of absence, so a minute is exact
 * enough, and a reader polling the village (or fifty requests of one screen) costs one UPDATE a minute.
 */
export const LAST_SEEN_PRECISION_MS = 60_000;
// A bound on the memory of the throttle: past it, the next marks go to the database (itself throttled by its WHERE).
const MAX_REMEMBERED = 100_000;

/** Per database (each test world has its own): when this instance last wrote each villager's mark. */
const written = new WeakMap<object, Map<string, number>>();

/**
 * Notes that a member read the village now, on whatever device (its view, its messages, its live stream):
 * the chat digest tells only what came after, and only once they have been away for some hours. Skipped in
 * memory when this instance wrote it less than a minute ago, and in SQL when another instance did; the
 * village's revision does not move (nothing it shows changed), so no cache is dropped.
 */
export async function markSeen(db: Executor, villagerId: string, now: Date): Promise<void> {
  let marks = written.get(db);
  if (!marks) written.set(db, (marks = new Map()));
  const at = now.getTime();
  const last = marks.get(villagerId);
  if (last !== undefined && at >= last && at - last < LAST_SEEN_PRECISION_MS) return;
  if (marks.size >= MAX_REMEMBERED) marks.clear();
  marks.set(villagerId, at);
  const staleBefore = new Date(at - LAST_SEEN_PRECISION_MS);
  await db
    .update(villagers)
    .set({ lastSeenAt: now })
    .where(and(eq(villagers.id, villagerId), or(isNull(villagers.lastSeenAt), lte(villagers.lastSeenAt, staleBefore))));
}

/**
 * `markSeen` for a read route: a failed mark is logged, never the reader's failure (the village still
 * shows; at worst a digest tells a message they saw).
 */
export async function noteSeen(deps: Pick<Deps, 'db' | 'clock' | 'logger'>, villagerId: string): Promise<void> {
  try {
    await markSeen(deps.db, villagerId, deps.clock.now());
  } catch (error) {
    written.get(deps.db)?.delete(villagerId);
    deps.logger.warn({ err: error, villagerId }, 'last seen not marked');
  }
}
