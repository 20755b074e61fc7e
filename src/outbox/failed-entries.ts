import { db as defaultDb, villageTables, type VillageDatabase } from '../db/database';
import { mutationKinds } from './registry';

/**
 * A refused write, sent again at the back of the queue: its local effect comes back at once. It keeps its id,
 * so its Idempotency-Key: the server stores only successes, so the key is still free.
 */
export async function retryFailed(seq: number, db: VillageDatabase = defaultDb) {
  const kinds = await mutationKinds();
  await db.transaction('rw', [...villageTables(db), db.outbox], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.status !== 'failed') return;
    await db.outbox.delete(seq);
    await kinds.get(entry.kind).apply(db, entry.payload, { createdAt: entry.createdAt });
    const { seq: _old, failure: _failure, lastError: _lastError, ...rest } = entry;
    await db.outbox.add({ ...rest, status: 'pending', attempts: 0, notBefore: 0 });
  });
}

/** The user gives up a refused write; its local effect was already undone by the pull that followed the refusal. */
export async function discardFailed(seq: number, db: VillageDatabase = defaultDb) {
  const entry = await db.outbox.get(seq);
  await db.outbox.delete(seq);
  return entry?.villageId;
}

/** An explicit sign-out forgets this user's waiting writes (the user was told how many and agreed). */
export async function dropUserEntries(userId: string, db: VillageDatabase = defaultDb) {
  await db.outbox.filter((e) => e.userId === userId).delete();
}

/** The same for whoever is signed in, read at the moment of the choice (a screen may not have loaded the user yet). */
export async function dropSignedInUserEntries(db: VillageDatabase = defaultDb) {
  const session = await db.session.get('current');
  if (session?.userId) await dropUserEntries(session.userId, db);
}
