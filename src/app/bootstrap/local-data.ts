import type { User } from '../../contract';
import { markDataLoaded } from './data-loaded';
import { getMe } from '../../contract/endpoints/users';
import { listCategories } from '../../contract/endpoints/categories';
import { listVillages } from '../../contract/endpoints/villages';
import type { TransportEnv } from '../../api/transport';
import { send } from '../../api/transport';
import { db, villageTables } from '../../db/database';
import { rebasePending } from '../../outbox/rebase';
import { mutationKinds } from '../../outbox/registry';
import { cacheNeedPictures } from '../../pwa/need-pictures';
import { getToken } from '../../session/token';

/** `not-loaded`: the server could not be reached or answered amiss, or the session changed meanwhile. */
export type LoadOutcome = { kind: 'loaded'; user: User } | { kind: 'signed-out' } | { kind: 'not-loaded' };

/**
 * Fetches the user, the need categories and the villages, and writes them into the local store in one
 * transaction, pending changes of this device re-applied over them. Nothing is written when the session
 * changed while the answers were on their way.
 */
export async function loadLocalData(transport: TransportEnv, token: string): Promise<LoadOutcome> {
  const [user, categories, villages] = await Promise.all([
    send(transport, getMe, {}),
    send(transport, listCategories, { query: { include: 'needs' } }),
    send(transport, listVillages, { query: { include: 'photo,villagers,villagers.user' } }),
  ]);
  if (!user.ok && user.failure.kind === 'unauthorized') return { kind: 'signed-out' };
  if (!user.ok || !categories.ok || !villages.ok || getToken() !== token) return { kind: 'not-loaded' };
  // Loaded before the transaction opens: IndexedDB commits a transaction that awaits anything else.
  const kinds = await mutationKinds();
  await db.transaction('rw', [...villageTables(db), db.session, db.users, db.outbox], async () => {
    await db.session.put({ key: 'current', token, userId: user.data.id });
    await db.users.clear();
    await db.users.put(user.data);
    await db.categories.clear();
    await db.categories.bulkPut(categories.data);
    await db.villages.clear();
    await db.villages.bulkPut(villages.data);
    // Changes made on this device and not sent yet stay visible over the fresh list (a village created
    // offline included).
    const pending = await db.outbox.where('status').equals('pending').toArray();
    for (const villageId of new Set(pending.map((e) => e.villageId))) await rebasePending(db, kinds, villageId, user.data.id);
  });
  markDataLoaded(token);
  cacheNeedPictures(categories.data);
  return { kind: 'loaded', user: user.data };
}
