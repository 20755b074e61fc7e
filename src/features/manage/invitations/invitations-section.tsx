import type { Villager } from '../../../contract';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import './invitations.css';

/** The members screen's part for organisers: invite by mail, and the invitations not accepted yet. */
export function InvitationsSection({ villageId, me }: { villageId: string; me: Villager }) {
  return (
    <div className="invitations">
      <InviteForm villageId={villageId} inviterId={me.id} />
      <PendingInvitations villageId={villageId} villagerId={me.id} />
    </div>
  );
}
