import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { failureText } from '../../domain/failure-text';
import type { NotificationKind } from '../../contract/notification-settings';
import { onlineStatus } from '../../pwa/online-status';
import { KIND_LABELS } from '../../domain/notification-settings/kind-texts';
import { unsubscribeFromMail } from '../../domain/notification-settings/unsubscribe-call';
import './notification-settings.css';

export const OFFLINE_UNSUBSCRIBE_TEXT = 'Vous êtes hors ligne\u00a0: réessayez une fois la connexion revenue.';

export const unsubscribedText = (kind: NotificationKind) =>
  `C'est fait\u00a0: vous ne recevrez plus les e-mails «\u00a0${KIND_LABELS[kind]}\u00a0».`;

type State =
  { step: 'asking'; busy: boolean; error: string | null } | { step: 'done'; kind: NotificationKind } | { step: 'invalid'; message: string };

/**
 * `/mail/unsubscribe/{token}`, opened from a mail's footer, signed in or not: a button rather than an
 * unsubscribe on opening, since mail scanners open links; then what was turned off, and where to choose more.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: 'asking', busy: false, error: null });
  const running = useRef(false);

  const unsubscribe = async () => {
    if (running.current) return;
    if (!onlineStatus.get()) return setState({ step: 'asking', busy: false, error: OFFLINE_UNSUBSCRIBE_TEXT });
    running.current = true;
    setState({ step: 'asking', busy: true, error: null });
    const result = await unsubscribeFromMail(token);
    running.current = false;
    if (result.ok) return setState({ step: 'done', kind: result.data.kind });
    const { failure } = result;
    if (failure.kind === 'refused' && failure.status === 404) return setState({ step: 'invalid', message: failure.message });
    setState({ step: 'asking', busy: false, error: failure.kind === 'offline' ? OFFLINE_UNSUBSCRIBE_TEXT : failureText(failure) });
  };

  return (
    <main className="page unsubscribe-page" id="contenu">
      {state.step === 'done' ? (
        <>
          <h1>Désinscription</h1>
          <p role="status">{unsubscribedText(state.kind)}</p>
          <p>
            <Link to="/account/notifications">Choisir ce que vous recevez</Link>
          </p>
        </>
      ) : state.step === 'invalid' ? (
        <>
          <h1>Désinscription</h1>
          <p role="alert" className="form-alert">
            {state.message}
          </p>
          <p>
            <Link to="/account/notifications">Choisir ce que vous recevez</Link>
          </p>
        </>
      ) : (
        <>
          <h1>
            {/* Kept on one line: a phone would otherwise break "e-mails" at its hyphen. */}
            Ne plus recevoir ces <span className="nowrap">e-mails&nbsp;?</span>
          </h1>
          <p>Un clic suffit, sans vous connecter. Vous pourrez changer d'avis à tout moment dans vos réglages.</p>
          {/* aria-disabled while busy: a disabled button would drop the focus, and a screen reader with it. */}
          <button type="button" className="submit" aria-disabled={state.busy || undefined} onClick={() => void unsubscribe()}>
            {state.busy ? 'Désinscription…' : 'Me désinscrire'}
          </button>
          {state.error ? (
            <p role="alert" className="form-alert">
              {state.error}
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}
