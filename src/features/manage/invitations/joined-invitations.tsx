import { useQuery } from '@tanstack/react-query';
import { formatDayOfMonth } from '../../../contract/french-time';
import { invitationsQuery } from '../../../domain/invitations/invitations-query';

/**
 * "Ont rejoint le village": the invitations accepted, whatever road their person came by (the invitation's
 * link, the share link, the code), with the day they joined; leaving later does not make them pending
 * again. Shown only when there is one: the same list read as the pending ones.
 */
export function JoinedInvitations({ villageId }: { villageId: string }) {
  const { data } = useQuery(invitationsQuery(villageId));
  const joined = (data ?? []).flatMap(({ id, email, accepted_at }) => (accepted_at ? [{ id, email, at: accepted_at }] : []));
  if (joined.length === 0) return null;
  return (
    <section aria-labelledby="invitations-joined" className="joined-invitations">
      <h2 id="invitations-joined">Invitations acceptées</h2>
      <ul className="invitation-list">
        {joined.map(({ id, email, at }) => (
          <li key={id} className="invitation-item">
            <p className="invitation-email">{email}</p>
            <p className="invitation-when">A rejoint le village le {formatDayOfMonth(at)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
