import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { db } from '../../db/database';
import { createInvitations, type CreateInvitationsPayload } from './mutations/create-invitations';
import { resendInvitation, type ResendInvitationPayload } from './mutations/resend-invitation';
import { withdrawInvitation, type WithdrawInvitationPayload } from './mutations/withdraw-invitation';
import { invitationsKey } from './invitations-query';

/** The invitation writes of this village still waiting in the outbox (offline, or on their way). */
export interface QueuedInvitations {
  /** Addresses invited on this device, not sent yet. */
  inviting: string[];
  withdrawing: Set<string>;
  resending: Set<string>;
}

const NONE: QueuedInvitations = { inviting: [], withdrawing: new Set(), resending: new Set() };
const KINDS = new Set([createInvitations.name, resendInvitation.name, withdrawInvitation.name]);

/**
 * What the organiser did here and the server has not heard yet, read live from the outbox: the screen shows
 * it at once (nothing typed is lost offline), and reads the pending list again each time some of it is sent.
 */
export function useQueuedInvitations(villageId: string): QueuedInvitations {
  const queued = useLiveQuery(
    () =>
      db.outbox
        .where('villageId')
        .equals(villageId)
        .filter((e) => e.status === 'pending' && KINDS.has(e.kind))
        .toArray(),
    [villageId],
  );
  const queryClient = useQueryClient();
  const before = useRef(0);
  const count = queued?.length ?? 0;
  useEffect(() => {
    if (count < before.current) void queryClient.invalidateQueries({ queryKey: invitationsKey(villageId) });
    before.current = count;
  }, [count, queryClient, villageId]);

  if (!queued) return NONE;
  const result: QueuedInvitations = { inviting: [], withdrawing: new Set(), resending: new Set() };
  for (const entry of queued) {
    if (entry.kind === createInvitations.name) result.inviting.push(...(entry.payload as CreateInvitationsPayload).input.emails);
    if (entry.kind === withdrawInvitation.name) result.withdrawing.add((entry.payload as WithdrawInvitationPayload).invitation_id);
    if (entry.kind === resendInvitation.name) result.resending.add((entry.payload as ResendInvitationPayload).invitation_id);
  }
  return result;
}
