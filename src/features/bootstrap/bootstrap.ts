import type { User } from '../../contract';
import { call } from '../../api/client';
import { getMe } from '../../contract/endpoints/users';
import { listCategories } from '../../contract/endpoints/village-life';
import { listVillages } from '../../contract/endpoints/villages';
import { db, villageTables } from '../../db/database';
import { rebasePending } from '../../outbox/rebase';
import { mutationKinds } from '../../outbox/registry';
import { startReplaying } from '../../outbox/page-replayer';
import { askForPersistentStorage } from '../../outbox/persistent-storage';
import { cacheNeedPictures } from '../../pwa/need-pictures';
import { getToken } from '../../session/token';
import { appState } from '../../state/app-state';
import { beginAnalytics } from '../../analytics/consent';

/**
 * Loads what every screen needs: the user, the need categories and the villages. Online, the answers
 * are written to the local store; offline, what the store already has is used, so the app still opens.
 * Then, as the spec says, analytics starts with the user's uuid and app-opened is logged (only if the user
 * accepted analytics; the SDK is imported lazily, after this page's first paint). Answers whether the app
 * could start.
 */
export async function bootstrap(): Promise<'ready' | 'signed-out' | 'no-data'> {
  const token = getToken();
  if (!token) return 'signed-out';
  const [user, categories, villages] = await Promise.all([
    call(getMe, {}),
    call(listCategories, { query: { include: 'needs' } }),
    call(listVillages, { query: { include: 'photo,villagers,villagers.user' } }),
  ]);
  if (!user.ok && user.failure.kind === 'unauthorized') return 'signed-out';
  if (user.ok && categories.ok && villages.ok) {
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
    cacheNeedPictures(categories.data);
  } else if (!(await db.users.count())) {
    return 'no-data';
  }
  const me = user.ok ? user.data : await storedUser();
  if (!me) return 'no-data';
  appState.set({ initialised: true });
  // Writes made offline, on this visit or an earlier one, leave as soon as they can.
  startReplaying();
  void askForPersistentStorage();
  // Not awaited: the app opens at once; loading the SDK must never hold it back.
  void beginAnalytics(me).catch((error: unknown) => console.error('Analytics could not start', error));
  return 'ready';
}

/** Offline start: the user saved by the last successful bootstrap of this session. */
async function storedUser(): Promise<User | undefined> {
  const session = await db.session.get('current');
  return session?.userId ? db.users.get(session.userId) : db.users.toCollection().first();
}
