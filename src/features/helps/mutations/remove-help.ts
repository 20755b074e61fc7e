import * as v from 'valibot';
import { uuid } from '../../../contract';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, help_id: uuid, villager_id: uuid });
export type RemoveHelpPayload = v.InferOutput<typeof Payload>;

/**
 * The two ways a help goes: withdrawn (by its helper, or a manager) or refused (by a manager). Same local
 * effect, different calls, so the feed tells them apart.
 */
const removeHelp = (name: 'delete-help' | 'refuse-help', suffix: '' | '/refuse') =>
  defineMutation<RemoveHelpPayload>({
    name,
    payload: Payload,
    villageId: (p) => p.village_id,
    target: (p) => `helps:${p.help_id}`,
    async apply(db, p) {
      await db.helps.delete(p.help_id);
    },
    request: (p) => ({
      method: 'DELETE',
      path: `/v1/villages/${p.village_id}/helps/${p.help_id}${suffix}`,
      query: { villager_id: p.villager_id },
    }),
  });

export const deleteHelp = removeHelp('delete-help', '');
export const refuseHelp = removeHelp('refuse-help', '/refuse');
