import { useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import {
  BLOCKED_PUSH_TEXT,
  disablePush,
  enablePush,
  isPushOnForUser,
  pushSupport,
  UNSUPPORTED_PUSH_TEXT,
  type PushFailureReason,
} from '../../domain/push/push-device';

export const PUSH_INTRO =
  'Recevez sur cet appareil une notification pour un nouveau besoin, une aide proposée ou refusée, un message du village, et un rappel la veille au soir et une heure avant vos aides.';
export const PUSH_ON_TEXT = 'Les notifications sont activées sur cet appareil.';
export const PUSH_OFF_TEXT = 'Les notifications sont désactivées sur cet appareil.';
export const ENABLING_TEXT = 'Activation des notifications en cours…';
export const DISABLING_TEXT = 'Désactivation des notifications en cours…';
/** Where push cannot be had (no push service, refused, no answer), the mails say what it would have said. */
export const EMAIL_INSTEAD_TEXT = 'Vos confirmations et rappels peuvent vous arriver par e-mail.';
export const EMAIL_INSTEAD_LINK = 'Choisir les e-mails que vous recevez';
export const EMAIL_INSTEAD_HERE_TEXT =
  'Vos confirmations et rappels peuvent vous arriver par e-mail\u00a0: choisissez ci-dessous ce que vous recevez.';

// Failures that trying again soon will not mend: the person is better served by the mails.
const LASTING: readonly PushFailureReason[] = ['unsupported', 'no-service', 'denied', 'timeout'];

/**
 * "Notifications" on the account page: turns Web Push on or off for this device only. An action button
 * whose label says what it does, with the state in a status line, rather than aria-pressed on a label that
 * changes (which would read "Désactiver…, enfoncé"). Turning on always ends (push-device.ts bounds each step):
 * in "on", or in a French message saying why not, with the button offering to try again.
 */
export function PushSettings({
  emailChoicesHere = false,
}: {
  /** On the page that holds the e-mail switches. */ emailChoicesHere?: boolean;
}) {
  const titleId = useId();
  const errorId = useId();
  const user = useCurrentUser();
  const [support, setSupport] = useState(pushSupport);
  const [busy, setBusy] = useState(false);
  // A ref as well as the state: two clicks before the next render must not start two activations.
  const running = useRef(false);
  const [error, setError] = useState<{ reason: PushFailureReason; message: string } | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  if (!user) return null;
  // Read at each render: the record lives in localStorage, and every change below re-renders.
  const on = isPushOnForUser(user.id);

  const toggle = async () => {
    if (running.current) return;
    running.current = true;
    setError(null);
    setTurnedOff(false);
    setBusy(true);
    try {
      const result = on ? await disablePush() : await enablePush(user.id);
      setSupport(pushSupport());
      if (!result.ok) setError({ reason: result.reason, message: result.message });
      else if (on) setTurnedOff(true);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  // After a failed try the button offers another; its name says what it does again, out of context too.
  const retry = !on && !busy && error !== null;
  const label = on
    ? busy
      ? 'Désactivation des notifications…'
      : 'Désactiver les notifications sur cet appareil'
    : busy
      ? 'Activation des notifications…'
      : 'Activer les notifications sur cet appareil';

  return (
    <section aria-labelledby={titleId}>
      {/* On the Notifications page its own title would repeat the page's: there it is this device's part. */}
      <h2 id={titleId}>{emailChoicesHere ? 'Sur cet appareil' : 'Notifications'}</h2>
      <p>{PUSH_INTRO}</p>
      {support === 'unsupported' ? (
        <p className="field-hint">{UNSUPPORTED_PUSH_TEXT}</p>
      ) : (
        <>
          {support === 'denied' && !error ? <p className="field-hint">{BLOCKED_PUSH_TEXT}</p> : null}
          {/* aria-disabled rather than disabled while busy: a disabled button drops the focus to the page, and a
              screen reader with it; clicks are ignored all the same. */}
          <button
            type="button"
            className={on ? 'secondary' : undefined}
            onClick={() => void toggle()}
            aria-disabled={busy || undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {retry ? (
              <>
                Réessayer<span className="visually-hidden"> d'activer les notifications</span>
              </>
            ) : (
              label
            )}
          </button>
        </>
      )}
      {error ? (
        <p className="form-alert" role="alert" id={errorId}>
          {error.message}
        </p>
      ) : null}
      {support === 'unsupported' || support === 'denied' || (error && LASTING.includes(error.reason)) ? (
        emailChoicesHere ? (
          <p>{EMAIL_INSTEAD_HERE_TEXT}</p>
        ) : (
          <p>
            {EMAIL_INSTEAD_TEXT} <Link to="/account/notifications">{EMAIL_INSTEAD_LINK}</Link>
          </p>
        )
      ) : null}
      {/* Always there, so screen readers follow it; empty, a div takes no room (no stylesheet of its own: the
          account page's chunk stays CSS-free). It also says that the work is under way, which can take seconds. */}
      <div role="status">
        {busy ? <p>{on ? DISABLING_TEXT : ENABLING_TEXT}</p> : on || turnedOff ? <p>{on ? PUSH_ON_TEXT : PUSH_OFF_TEXT}</p> : null}
      </div>
    </section>
  );
}
