import { queryOptions } from '@tanstack/react-query';
import { quietTransport } from '../../api/client';
import { send } from '../../api/transport';
import { listInvitations } from '../../contract/endpoints/invitations';
import type { ApiFailure } from '../../api/failure';

export const invitationsKey = (villageId: string) => ['invitations', villageId] as const;

/** Thrown by the query so that react-query keeps the last list read and the screen can say why it is old. */
export class InvitationsUnavailable extends Error {
  constructor(readonly failure: ApiFailure) {
    super('message' in failure ? failure.message : 'offline');
  }
}

/**
 * The village's invitations, pending and accepted (`accepted_at`: who joined and when), read from the server (they are not kept in the village's tables: only
 * organisers see them, and only here). The last list read stays in memory for the session, so a lost
 * connection still shows it.
 */
export const invitationsQuery = (villageId: string) =>
  queryOptions({
    queryKey: invitationsKey(villageId),
    queryFn: async ({ signal }) => {
      const result = await send(quietTransport, listInvitations, { params: { id: villageId }, query: { include: 'accepted' } }, { signal });
      if (!result.ok) throw new InvitationsUnavailable(result.failure);
      return result.data;
    },
    gcTime: 24 * 3600 * 1000,
  });
