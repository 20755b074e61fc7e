import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { deleteNeed as deleteNeedEndpoint } from '../../../contract/endpoints/needs';
import { defineMutation } from '../../../outbox/mutation-kind';

/**
 * `need_name` is not sent: it lets the list of refused changes say which need it was after it may be gone.
 * Optional, so entries queued before it stay valid.
 */
const Payload = v.object({ village_id: uuid, need_id: uuid, villager_id: uuid, need_name: v.optional(v.string()) });
export type DeleteNeedPayload = v.InferOutput<typeof Payload>;

/** Deletes a need; the spec: its helps go too, locally at once (the server cascades). */
export const deleteNeed = defineMutation({
  name: 'delete-need',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `needs:${p.need_id}`,
  async apply(db, p) {
    await db.needs.delete(p.need_id);
    await db.helps.where('village_need_id').equals(p.need_id).delete();
  },
  request: (p) => requestTo(deleteNeedEndpoint, { params: { id: p.village_id, needId: p.need_id }, query: { villager_id: p.villager_id } }),
  describe: (p) => (p.need_name ? `Suppression du besoin «\u00a0${p.need_name}\u00a0»` : "Suppression d'un besoin"),
});
