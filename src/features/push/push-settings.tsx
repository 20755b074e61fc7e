import { useId, useState } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { DENIED_PUSH_TEXT, disablePush, enablePush, isPushOnForUser, pushSupport, UNSUPPORTED_PUSH_TEXT } from './push-device';

export const PUSH_INTRO =
  'Recevez sur cet appareil une notification pour un nouveau besoin, une aide proposée ou refusée, un message du village, et un rappel la veille au soir et une heure avant vos aides.';
export const PUSH_ON_TEXT = 'Les notifications sont activées sur cet appareil.';
export const PUSH_OFF_TEXT = 'Les notifications sont désactivées sur cet appareil.';

/**
 * "Notifications" on the account page: turns Web Push on or off for this device only. An action button
 * whose label says what it does, with the state in a status line, rather than aria-pressed on a label that
 * changes (which would read "Désactiver…, enfoncé").
 */
export function PushSettings() {
  const titleId = useId();
  const user = useCurrentUser();
  const [support, setSupport] = useState(pushSupport);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  if (!user) return null;
  // Read at each render: the record lives in localStorage, and every change below re-renders.
  const on = isPushOnForUser(user.id);

  const toggle = async () => {
    if (busy) return;
    setError(null);
    setTurnedOff(false);
    setBusy(true);
    const result = on ? await disablePush() : await enablePush(user.id);
    setBusy(false);
    setSupport(pushSupport());
    if (!result.ok) return setError(result.message);
    if (on) setTurnedOff(true);
  };

  const label = on
    ? busy
      ? 'Désactivation des notifications…'
      : 'Désactiver les notifications sur cet appareil'
    : busy
      ? 'Activation des notifications…'
      : 'Activer les notifications sur cet appareil';

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Notifications</h2>
      <p>{PUSH_INTRO}</p>
      {support === 'unsupported' ? (
        <p className="field-hint">{UNSUPPORTED_PUSH_TEXT}</p>
      ) : (
        <>
          {support === 'denied' && !error ? <p className="field-hint">{DENIED_PUSH_TEXT}</p> : null}
          <button type="button" className={on ? 'secondary' : undefined} onClick={() => void toggle()} aria-disabled={busy || undefined}>
            {label}
          </button>
        </>
      )}
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      {/* Always there, so screen readers follow it; empty, a div takes no room (no stylesheet of its own: the
          account page's chunk stays CSS-free). */}
      <div role="status">{on || turnedOff ? <p>{on ? PUSH_ON_TEXT : PUSH_OFF_TEXT}</p> : null}</div>
    </section>
  );
}
