import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxEntry } from '../db/database';

export interface OutboxStatus {
  pending: number;
  failed: OutboxEntry[];
}

/** Where the signed-in user's writes stand on this device: how many wait, which were refused. */
export function useOutboxStatus(): OutboxStatus {
  return (
    useLiveQuery(async () => {
      const userId = (await db.session.get('current'))?.userId;
      const mine = userId ? await db.outbox.filter((e) => e.userId === userId).sortBy('seq') : [];
      return { pending: mine.filter((e) => e.status === 'pending').length, failed: mine.filter((e) => e.status === 'failed') };
    }, []) ?? { pending: 0, failed: [] }
  );
}

/** How many writes of this user would be lost by signing out now. */
export async function countUnsent(): Promise<number> {
  const userId = (await db.session.get('current'))?.userId;
  return userId ? db.outbox.filter((e) => e.userId === userId && e.status === 'pending').count() : 0;
}
