import type { Villager } from '../../../contract';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import { JoinedInvitations } from './joined-invitations';
import './invitations.css';

/** The members screen's part for organisers: invite by mail, the invitations not accepted yet, and who joined. */
export function InvitationsSection({ villageId, me }: { villageId: string; me: Villager }) {
  return (
    <div className="invitations">
      <InviteForm villageId={villageId} inviterId={me.id} />
      <PendingInvitations villageId={villageId} villagerId={me.id} />
      <JoinedInvitations villageId={villageId} />
    </div>
  );
}
