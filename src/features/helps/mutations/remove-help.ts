import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { deleteHelp as deleteHelpEndpoint, refuseHelp as refuseHelpEndpoint } from '../../../contract/endpoints/needs';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, help_id: uuid, villager_id: uuid });
export type RemoveHelpPayload = v.InferOutput<typeof Payload>;

/**
 * The two ways a help goes: withdrawn (by its helper, or a manager) or refused (by a manager). Same local
 * effect, different calls, so the feed tells them apart.
 */
const removeHelp = (name: 'delete-help' | 'refuse-help', endpoint: typeof deleteHelpEndpoint | typeof refuseHelpEndpoint, description: string) =>
  defineMutation({
    name,
    payload: Payload,
    villageId: (p) => p.village_id,
    target: (p) => `helps:${p.help_id}`,
    async apply(db, p) {
      await db.helps.delete(p.help_id);
    },
    request: (p) => requestTo(endpoint, { params: { id: p.village_id, helpId: p.help_id }, query: { villager_id: p.villager_id } }),
    describe: () => description,
  });

export const deleteHelp = removeHelp('delete-help', deleteHelpEndpoint, "Retrait d'une aide");
export const refuseHelp = removeHelp('refuse-help', refuseHelpEndpoint, "Refus d'une aide");
