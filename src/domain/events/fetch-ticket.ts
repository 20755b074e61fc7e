import { call } from '../../api/client';
import { issueEventTicket } from '../../contract/endpoints/events';

/** What asking for a stream ticket ends in: a ticket, a failure worth retrying later, or a refusal to respect. */
export type TicketOutcome = { kind: 'ticket'; ticket: string } | { kind: 'retry' } | { kind: 'refused' };

/**
 * A one-minute ticket opening the village's event stream: an EventSource cannot send the bearer token.
 * Refused (signed out, no longer a member, village gone): the stream is not for this user, and the
 * village's own pull already deals with the consequences.
 */
export async function fetchTicket(villageId: string): Promise<TicketOutcome> {
  const result = await call(issueEventTicket, { params: { id: villageId } });
  if (result.ok) return { kind: 'ticket', ticket: result.data.ticket };
  const { failure } = result;
  if (failure.kind === 'unauthorized' || (failure.kind === 'refused' && (failure.status === 403 || failure.status === 404))) {
    return { kind: 'refused' };
  }
  return { kind: 'retry' };
}
