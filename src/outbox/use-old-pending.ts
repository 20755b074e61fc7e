import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../db/database';

/** A write still waiting after this long is said on the village's screens, not only counted in the header. */
export const OLD_PENDING_MS = 24 * 60 * 60 * 1000;

/** The signed-in user's writes of a village waiting for more than a day: how many, the first and last made. */
export interface OldPending {
  count: number;
  /** `createdAt` of the oldest and of the newest of them (ISO). */
  first: string;
  last: string;
}

/** The signed-in user's writes of this village still pending and made before `now - OLD_PENDING_MS`. */
export async function readOldPending(database: VillageDatabase, villageId: string, now: number): Promise<OldPending | undefined> {
  const userId = (await database.session.get('current'))?.userId;
  if (!userId) return undefined;
  const before = now - OLD_PENDING_MS;
  const old = (await database.outbox.where('villageId').equals(villageId).sortBy('seq')).filter(
    (e) => e.status === 'pending' && e.userId === userId && Date.parse(e.createdAt) <= before,
  );
  if (!old.length) return undefined;
  const times = old.map((e) => e.createdAt).sort();
  return { count: old.length, first: times[0], last: times[times.length - 1] };
}

/**
 * The clock the hook reads: a write turns a day old while the app stays open, with no change of the store
 * to run the query again.
 */
const RECHECK_MS = 10 * 60 * 1000;

/** The signed-in user's writes of this village waiting for more than a day, live; undefined when none. */
export function useOldPending(villageId: string): OldPending | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return useLiveQuery(() => readOldPending(db, villageId, now), [villageId, now]);
}
