import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { failureStatus, FetchFailed } from '../../api/transport';
import type { Village } from '../../contract';
import { listVillages } from '../../contract/endpoints/villages';
import { db, villageTables } from '../../db/database';
import { rebasePending } from '../../outbox/rebase';
import { mutationKinds } from '../../outbox/registry';
import { isQuotaError, reportStorageFull } from '../../outbox/quota';
import { rememberForgotten } from './forget-village';

/** The list's include: its cards, and the members' photos that other screens show from the same rows. */
export const VILLAGES_INCLUDE = 'photo,villagers,villagers.user,villagers.user.photo';
export const VILLAGES_QUERY_KEY = ['villages'] as const;

/**
 * Writes the user's villages as the server lists them. Villages no longer listed (left, banned, deleted)
 * go with their rows; then the writes still waiting to be sent are re-applied, so a village created offline
 * and not yet sent, or a change not yet sent, stays on screen.
 */
export async function storeVillageList(villages: Village[], userId: string | null) {
  const listed = new Set(villages.map((village) => village.id));
  // Loaded before the transaction opens: IndexedDB commits a transaction that awaits anything else.
  const kinds = await mutationKinds();
  await db.transaction('rw', [...villageTables(db), db.outbox], async () => {
    const gone = (await db.villages.toCollection().primaryKeys()).filter((id) => !listed.has(id));
    if (gone.length) {
      // Their deep links then say the village left this device, not a bare 404.
      rememberForgotten(gone);
      await db.villages.bulkDelete(gone);
      await db.villagers.where('village_id').anyOf(gone).delete();
      await db.needs.where('village_id').anyOf(gone).delete();
      await db.helps.where('village_id').anyOf(gone).delete();
      await db.messages.where('village_id').anyOf(gone).delete();
    }
    await db.villages.bulkPut(villages);
    const pending = await db.outbox.where('status').equals('pending').toArray();
    for (const villageId of new Set(pending.map((entry) => entry.villageId))) await rebasePending(db, kinds, villageId, userId);
  });
}

/** The villages list's refresh: TanStack Query decides when (focus, reconnect, staleness); screens read Dexie. */
export const villagesQuery = () =>
  queryOptions({
    queryKey: VILLAGES_QUERY_KEY,
    queryFn: async () => {
      // A refused token is signalled by the transport itself (the session ends); the list keeps what it had.
      const result = await call(listVillages, { query: { include: VILLAGES_INCLUDE } });
      if (!result.ok) throw new FetchFailed(failureStatus(result.failure));
      const session = await db.session.get('current');
      try {
        await storeVillageList(result.data, session?.userId ?? null);
      } catch (error) {
        if (isQuotaError(error)) reportStorageFull(true);
        throw error;
      }
      return { refreshedAt: Date.now() };
    },
  });
