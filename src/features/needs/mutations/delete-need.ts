import * as v from 'valibot';
import { uuid } from '../../../contract';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, need_id: uuid, villager_id: uuid });
export type DeleteNeedPayload = v.InferOutput<typeof Payload>;

/** Deletes a need; the spec: its helps go too, locally at once (the server cascades). */
export const deleteNeed = defineMutation<DeleteNeedPayload>({
  name: 'delete-need',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `needs:${p.need_id}`,
  async apply(db, p) {
    await db.needs.delete(p.need_id);
    await db.helps.where('village_need_id').equals(p.need_id).delete();
  },
  request: (p) => ({
    method: 'DELETE',
    path: `/v1/villages/${p.village_id}/needs/${p.need_id}`,
    query: { villager_id: p.villager_id },
  }),
});
