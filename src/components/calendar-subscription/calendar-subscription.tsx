import { useId, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { failureText } from '../../domain/failure-text';
import { onlineStatus } from '../../pwa/online-status';
import { CalendarAppsHelp } from './calendar-apps-help';
import { createCalendarFeed, revokeCalendarFeed, type CalendarScope } from '../../domain/calendar/calendar-feed-calls';
import { googleCalendarUrl, webcalUrl } from '../../domain/calendar/calendar-links';
import './calendar-subscription.css';

export const OFFLINE_CALENDAR_TEXT = "Vous êtes hors ligne\u00a0: l'adresse de l'agenda ne peut être créée qu'avec une connexion.";

const INTRO: Record<CalendarScope['kind'], string> = {
  user: "Retrouvez les créneaux que vous avez pris, dans tous vos villages, dans l'agenda de votre téléphone ou de votre ordinateur.",
  village: "Retrouvez le planning de ce village dans l'agenda de votre téléphone ou de votre ordinateur.",
};

/**
 * "Ajouter à mon agenda": makes a private subscription address and helps to use it. The address is only
 * known right after it is made (the server keeps it hashed), so it lives in this component's state; making
 * a new one later replaces the old, which is also how a leaked address is shut.
 */
export function CalendarSubscription({ scope }: { scope: CalendarScope }) {
  const titleId = useId();
  const addressId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);

  const create = async () => {
    if (busy) return;
    setError(null);
    setStatus(null);
    if (!onlineStatus.get()) return setError(OFFLINE_CALENDAR_TEXT);
    setBusy(true);
    const result = await createCalendarFeed(scope);
    setBusy(false);
    if (result.ok) setUrl(result.data.url);
    else setError(result.failure.kind === 'offline' ? OFFLINE_CALENDAR_TEXT : failureText(result.failure));
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Adresse copiée.');
    } catch {
      // Some browsers refuse the clipboard (permissions, no HTTPS): the field stays there to copy by hand.
      setStatus("La copie n'a pas fonctionné\u00a0: sélectionnez l'adresse pour la copier.");
    }
  };

  const revoke = async () => {
    const result = await revokeCalendarFeed(scope);
    if (!result.ok) return failureText(result.failure);
    setConfirmingRevoke(false);
    setUrl(null);
    setStatus('Cette adresse a été révoquée\u00a0: les agendas qui la suivaient ne recevront plus rien.');
    return null;
  };

  return (
    <section className="calendar-subscription" aria-labelledby={titleId}>
      <h2 id={titleId}>Ajouter à mon agenda</h2>
      <p>{INTRO[scope.kind]}</p>
      {url ? (
        <>
          <p>Cette adresse est personnelle&nbsp;: elle donne accès aux créneaux sans mot de passe, ne la partagez pas.</p>
          <label htmlFor={addressId}>Adresse de l'agenda</label>
          <input id={addressId} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <div className="calendar-actions">
            <button type="button" onClick={() => void copy()}>
              Copier l'adresse
            </button>
            <a className="button-like" href={webcalUrl(url)}>
              Ouvrir dans mon agenda
            </a>
            <a className="button-like" href={googleCalendarUrl(url)} target="_blank" rel="noopener noreferrer">
              Ajouter à Google Agenda<span className="visually-hidden"> (nouvel onglet)</span>
            </a>
          </div>
          <CalendarAppsHelp />
          <button type="button" className="danger" onClick={() => setConfirmingRevoke(true)}>
            Révoquer cette adresse
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={() => void create()} aria-disabled={busy || undefined}>
            {busy ? 'Création de l’adresse…' : 'Ajouter à mon agenda'}
          </button>
          <p className="field-hint">Si vous aviez déjà créé une adresse, la nouvelle la remplace et l'ancienne ne fonctionne plus.</p>
        </>
      )}
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="calendar-status">
        {status}
      </p>
      <ConfirmDialog
        open={confirmingRevoke}
        title="Révoquer cette adresse&nbsp;?"
        confirmLabel="Révoquer"
        busyLabel="Révocation…"
        onConfirm={revoke}
        onClose={() => setConfirmingRevoke(false)}
      >
        <p>Les agendas abonnés à cette adresse ne recevront plus les créneaux. Vous pourrez en créer une nouvelle.</p>
      </ConfirmDialog>
    </section>
  );
}
