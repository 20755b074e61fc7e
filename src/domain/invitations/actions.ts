import { v7 as uuidv7 } from 'uuid';
import type { Invitation } from '../../contract/invitations';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { createInvitations } from './mutations/create-invitations';
import { resendInvitation } from './mutations/resend-invitation';
import { withdrawInvitation } from './mutations/withdraw-invitation';

/** Invites these addresses in the organiser's name; queued, so nothing typed is lost offline. */
export function createInvitationsAction(
  villageId: string,
  inviterId: string,
  emails: string[],
  message: string | null,
): Promise<LocalWrite> {
  return writeLocally(createInvitations, { id: uuidv7(), village_id: villageId, input: { inviter_id: inviterId, emails, message } });
}

/** Mails a pending invitation again. */
export function resendInvitationAction(invitation: Invitation, villagerId: string): Promise<LocalWrite> {
  return writeLocally(resendInvitation, {
    village_id: invitation.village_id,
    invitation_id: invitation.id,
    villager_id: villagerId,
    email: invitation.email,
  });
}

/** Withdraws a pending invitation. */
export function withdrawInvitationAction(invitation: Invitation, villagerId: string): Promise<LocalWrite> {
  return writeLocally(withdrawInvitation, {
    village_id: invitation.village_id,
    invitation_id: invitation.id,
    villager_id: villagerId,
    email: invitation.email,
  });
}
