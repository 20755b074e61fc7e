import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { deleteHelp as deleteHelpEndpoint, refuseHelp as refuseHelpEndpoint } from '../../../contract/endpoints/helps';
import { defineMutation } from '../../../outbox/mutation-kind';
import { slotTime } from './add-help';

/**
 * `need_name` and `start_date` are not sent: they let the list of refused changes say which help it was
 * ("Retrait de l'aide du mardi 1 décembre à 10 h sur « Courses »"). Optional, so older entries stay valid.
 */
const Payload = v.object({
  village_id: uuid,
  help_id: uuid,
  villager_id: uuid,
  need_name: v.optional(v.string()),
  start_date: v.optional(v.string()),
});
export type RemoveHelpPayload = v.InferOutput<typeof Payload>;

/**
 * The two ways a help goes: withdrawn (by its helper, or a manager) or refused (by a manager). Same local
 * effect, different calls, so the feed tells them apart.
 */
const removeHelp = (name: 'delete-help' | 'refuse-help', endpoint: typeof deleteHelpEndpoint | typeof refuseHelpEndpoint, action: string) =>
  defineMutation({
    name,
    payload: Payload,
    villageId: (p) => p.village_id,
    target: (p) => `helps:${p.help_id}`,
    async apply(db, p) {
      await db.helps.delete(p.help_id);
    },
    request: (p) => requestTo(endpoint, { params: { id: p.village_id, helpId: p.help_id }, query: { villager_id: p.villager_id } }),
    describe: (p) => {
      const when = p.start_date ? `de l'aide du ${slotTime(p.start_date)}` : "d'une aide";
      return `${action} ${when}${p.need_name ? ` sur «\u00a0${p.need_name}\u00a0»` : ''}`;
    },
  });

export const deleteHelp = removeHelp('delete-help', deleteHelpEndpoint, 'Retrait');
export const refuseHelp = removeHelp('refuse-help', refuseHelpEndpoint, 'Refus');
