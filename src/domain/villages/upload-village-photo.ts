import { call } from '../../api/client';
import type { ApiResult } from '../../api/failure';
import type { Village } from '../../contract';
import { uploadVillagePhoto as uploadVillagePhotoEndpoint } from '../../contract/endpoints/villages';
import { db, villageTables } from '../../db/database';
import { rebasePending } from '../../outbox/rebase';
import { mutationKinds } from '../../outbox/registry';
import { storeVillageAnswer } from './mutations/village-fields';

/**
 * Sends the village's photo as multipart (`photo`, `updater_id`). Not an outbox write: a file may weigh
 * megabytes and IndexedDB is no place to keep it until the network is back, so it is sent now or not at all.
 * The answer replaces the village's fields on this device; the changes still waiting to be sent are applied
 * again over it, so a name changed offline does not flicker back to the server's.
 */
export async function uploadVillagePhoto(villageId: string, updaterId: string, file: File): Promise<ApiResult<Village>> {
  const form = new FormData();
  form.append('photo', file);
  form.append('updater_id', updaterId);
  const result = await call(uploadVillagePhotoEndpoint, { params: { id: villageId }, body: form });
  if (result.ok) {
    // Loaded before the transaction opens: IndexedDB commits a transaction that awaits anything else.
    const kinds = await mutationKinds();
    await db.transaction('rw', [...villageTables(db), db.outbox, db.session], async () => {
      await storeVillageAnswer(db, villageId, result.data);
      await rebasePending(db, kinds, villageId, (await db.session.get('current'))?.userId ?? null);
    });
  }
  return result;
}
