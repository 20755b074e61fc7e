import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { resendInvitation as resendInvitationEndpoint } from '../../../contract/endpoints/invitations';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, invitation_id: uuid, villager_id: uuid, email: v.string() });
export type ResendInvitationPayload = v.InferOutput<typeof Payload>;

/** An organiser mails a pending invitation again (the server allows it once an hour). */
export const resendInvitation = defineMutation({
  name: 'resend-invitation',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `invitations:${p.invitation_id}`,
  apply: async () => {},
  request: (p) =>
    requestTo(resendInvitationEndpoint, {
      params: { id: p.village_id, invitationId: p.invitation_id },
      body: { villager_id: p.villager_id },
    }),
  describe: (p) => `Nouvel envoi de l’invitation à ${p.email}`,
});
