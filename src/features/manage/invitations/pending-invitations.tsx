import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { INVITATION_RESEND_MS, invitationMessages, type Invitation } from '../../../contract/invitations';
import { resendInvitationAction, withdrawInvitationAction } from '../../../domain/invitations/actions';
import { invitationsQuery, InvitationsUnavailable } from '../../../domain/invitations/invitations-query';
import { sentAt } from './sent-at';
import { useQueuedInvitations } from '../../../domain/invitations/use-queued-invitations';

const OFFLINE = 'Hors connexion\u00a0: ';

/** Why the list may be old or missing: the connection, or the server's French word. */
function staleness(error: unknown, hasList: boolean): string | null {
  if (!error) return null;
  const offline = error instanceof InvitationsUnavailable && error.failure.kind === 'offline';
  if (offline)
    return hasList
      ? `${OFFLINE}voici la dernière liste lue. Elle sera mise à jour au retour du réseau.`
      : `${OFFLINE}la liste des invitations s’affichera au retour du réseau.`;
  return error instanceof Error && error.message ? error.message : 'La liste des invitations n’a pas pu être lue.';
}

/**
 * "Invitations en attente": those sent and not accepted yet, each to send again or withdraw; those typed on
 * this device and not sent yet are listed too, as waiting. Read online; offline, the last list read stays.
 */
export function PendingInvitations({
  villageId,
  villagerId,
  now = () => Date.now(),
}: {
  villageId: string;
  villagerId: string;
  now?: () => number;
}) {
  const { data, error } = useQuery(invitationsQuery(villageId));
  const queued = useQueuedInvitations(villageId);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [status, setStatus] = useState('');

  // Accepted ones are said apart (joined-invitations.tsx): nothing to send again or withdraw.
  const listed = (data ?? []).filter((invitation) => !invitation.accepted_at && !queued.withdrawing.has(invitation.id));
  const known = new Set(listed.map((invitation) => invitation.email));
  const waiting = [...new Set(queued.inviting)].filter((email) => !known.has(email));
  const note = staleness(error, data !== undefined);

  const resend = async (invitation: Invitation) => {
    // Checked here first: a refused resend would hold the outbox's queue behind it for an hour.
    if (now() - Date.parse(invitation.last_sent_at) < INVITATION_RESEND_MS) return setStatus(invitationMessages.resendTooSoon);
    const written = await resendInvitationAction(invitation, villagerId);
    setStatus(written.ok ? `L’invitation à ${invitation.email} va être envoyée à nouveau.` : written.message);
  };

  const withdraw = async () => {
    if (!withdrawing) return null;
    const written = await withdrawInvitationAction(withdrawing, villagerId);
    if (!written.ok) return written.message;
    setStatus(`L’invitation à ${withdrawing.email} est retirée.`);
    setWithdrawing(null);
    return null;
  };

  return (
    <section aria-labelledby="invitations-pending" className="pending-invitations">
      <h2 id="invitations-pending">Invitations en attente</h2>
      {note ? <p className="notice">{note}</p> : null}
      {data === undefined && !note ? <p>Chargement des invitations…</p> : null}
      {data !== undefined && listed.length === 0 && waiting.length === 0 ? <p>Aucune invitation en attente.</p> : null}
      {listed.length || waiting.length ? (
        <ul className="invitation-list">
          {waiting.map((email) => (
            <li key={`waiting-${email}`} className="invitation-item">
              <p className="invitation-email">{email}</p>
              <p className="invitation-when">En attente d’envoi</p>
            </li>
          ))}
          {listed.map((invitation) => (
            <li key={invitation.id} className="invitation-item">
              <p className="invitation-email">{invitation.email}</p>
              <p className="invitation-when">
                {queued.resending.has(invitation.id) ? 'Nouvel envoi en attente' : `Envoyée ${sentAt(invitation.last_sent_at)}`}
              </p>
              <div className="invitation-actions">
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void resend(invitation)}
                  aria-label={`Renvoyer l’invitation à ${invitation.email}`}
                >
                  Renvoyer
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setWithdrawing(invitation)}
                  aria-label={`Retirer l’invitation à ${invitation.email}`}
                >
                  Retirer
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="invite-status" role="status">
        {status}
      </p>
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? `Retirer l’invitation à ${withdrawing.email}\u00a0?` : 'Retirer l’invitation\u00a0?'}
        confirmLabel="Retirer l’invitation"
        busyLabel="Retrait…"
        onConfirm={withdraw}
        onClose={() => setWithdrawing(null)}
      >
        <p>Elle disparaît de cette liste et ne pourra plus être renvoyée&nbsp;; le lien de l’e-mail ne dira plus qui invite.</p>
        <p>Ce lien contient toutefois le code du village&nbsp;: il permet encore de le rejoindre, comme le code partagé.</p>
      </ConfirmDialog>
    </section>
  );
}
