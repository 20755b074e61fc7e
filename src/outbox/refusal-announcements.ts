import { db as defaultDb, type OutboxEntry, type VillageDatabase } from '../db/database';

/**
 * The signed-in user's refused writes that no screen has announced yet, marked announced in the same
 * transaction: whoever drained the queue (this page, another tab or the service worker), the refusal is
 * said once, by the first visible page that sees it. A refusal that comes again after "Réessayer" carries a
 * new `failure` without the mark, so it is said again.
 */
export async function claimUnannounced(db: VillageDatabase = defaultDb): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.session, db.outbox, async () => {
    const userId = (await db.session.get('current'))?.userId;
    if (!userId) return [];
    const fresh = await db.outbox
      .where('status')
      .equals('failed')
      .filter((e) => e.userId === userId && e.failure !== undefined && !e.failure.announced)
      .sortBy('seq');
    for (const entry of fresh) await db.outbox.update(entry.seq!, { failure: { ...entry.failure!, announced: true } });
    return fresh;
  });
}
