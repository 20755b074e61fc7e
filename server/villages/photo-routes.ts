import { eq } from 'drizzle-orm';
import { UpdaterInput } from '../../src/contract';
import { uploadVillagePhoto } from '../../src/contract/endpoints/villages';
import type { Deps } from '../deps';
import { villages } from '../db/schema';
import { text } from '../http/errors';
import { parse } from '../http/validate';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canManage, loadMembership } from '../policy';
import { processPhoto, readPhotoForm } from '../photos/process-photo';
import { replacePhoto } from '../photos/replace-photo';
import type { Serializers } from '../serialize';

/** `POST /v1/villages/{id}/photo`: multipart `photo` and `updater_id`, for the village's managers. */
export function villagePhotoRoutes(app: App, deps: Deps, serialize: Serializers) {
  route(app, uploadVillagePhoto, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id } }) => {
    const { photo, fields } = await readPhotoForm(c);
    const { updater_id } = parse(UpdaterInput, fields);
    canManage(await loadMembership(deps.db, id, user.id));
    const processed = await processPhoto(photo);
    return replacePhoto(deps.files, processed, (replaced) =>
      write(c, deps, 200, async (tx) => {
        const m = await loadMembership(tx, id, user.id);
        canManage(m);
        const actor = actingAs(m, updater_id);
        const now = deps.clock.now();
        await tx.update(villages).set({ photoKey: processed.key, updatedAt: now }).where(eq(villages.id, id));
        await recordAction(tx, { villageId: id, villagerId: actor.id, type: 'village_photo_updated' }, now);
        const [fresh] = await tx.select().from(villages).where(eq(villages.id, id));
        replaced(m.village.photoKey);
        return serialize.village(fresh);
      }),
    );
  });
}
