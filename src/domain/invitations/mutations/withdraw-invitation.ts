import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { withdrawInvitation as withdrawInvitationEndpoint } from '../../../contract/endpoints/invitations';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, invitation_id: uuid, villager_id: uuid, email: v.string() });
export type WithdrawInvitationPayload = v.InferOutput<typeof Payload>;

/** An organiser withdraws a pending invitation: its link no longer names who invited (it still holds the code). */
export const withdrawInvitation = defineMutation({
  name: 'withdraw-invitation',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `invitations:${p.invitation_id}`,
  apply: async () => {},
  request: (p) =>
    requestTo(withdrawInvitationEndpoint, {
      params: { id: p.village_id, invitationId: p.invitation_id },
      query: { villager_id: p.villager_id },
    }),
  describe: (p) => `Retrait de l’invitation à ${p.email}`,
});
