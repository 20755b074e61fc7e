import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { createInvitations as createInvitationsEndpoint } from '../../../contract/endpoints/invitations';
import { CreateInvitationsInput } from '../../../contract/invitations';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({
  /** Made on the device: names the queued write, so the screen can show it as waiting until it is sent. */
  id: uuid,
  village_id: uuid,
  input: CreateInvitationsInput,
});
export type CreateInvitationsPayload = v.InferOutput<typeof Payload>;

const count = (n: number) => (n === 1 ? '1 adresse' : `${n} adresses`);

/**
 * An organiser invites addresses by mail. Invitations are not kept in the village's tables: the screen
 * shows the queued write as "en attente d'envoi" and reads the pending list again once it is sent.
 */
export const createInvitations = defineMutation({
  name: 'create-invitations',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `invitations:${p.id}`,
  apply: async () => {},
  request: (p) => requestTo(createInvitationsEndpoint, { params: { id: p.village_id }, body: p.input }),
  describe: (p) => `Invitation par e-mail (${count(p.input.emails.length)}\u00a0: ${p.input.emails.join(', ')})`,
});
