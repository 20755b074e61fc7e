import * as v from 'valibot';
import { uuid } from '../../../contract';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, help_id: uuid, villager_id: uuid });
export type DeleteHelpPayload = v.InferOutput<typeof Payload>;

/** A helper withdraws their own help (or a manager removes it). */
export const deleteHelp = defineMutation<DeleteHelpPayload>({
  name: 'delete-help',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p) {
    await db.helps.delete(p.help_id);
  },
  request: (p) => ({
    method: 'DELETE',
    path: `/v1/villages/${p.village_id}/helps/${p.help_id}`,
    query: { villager_id: p.villager_id },
  }),
});
