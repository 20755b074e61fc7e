import { useId, useState } from 'react';
import { analyticsConfigured, chooseAnalyticsConsent, useConsentUser } from './consent';

export const CONSENT_QUESTION = 'Nous aider à améliorer Village\u00a0?';
export const CONSENT_EXPLANATION =
  "Avec votre accord, nous mesurons l'utilisation de l'application (ouverture, actions principales) pour l'améliorer\u00a0; ces mesures sont hébergées dans l'Union européenne. Rien n'est envoyé si vous refusez. Vous pourrez changer d'avis dans votre compte.";

/** The two buttons, shared by the one-time prompt and the account's setting (which says the current choice). */
export function ConsentButtons({ current }: { current?: boolean | null }) {
  const [busy, setBusy] = useState(false);
  const choose = async (consent: boolean) => {
    setBusy(true);
    await chooseAnalyticsConsent(consent);
    setBusy(false);
  };
  const pressed = (value: boolean) => (current === undefined ? undefined : current === value);
  return (
    <div className="consent-actions">
      <button type="button" disabled={busy} aria-pressed={pressed(true)} onClick={() => void choose(true)}>
        Accepter
      </button>
      <button type="button" className="secondary" disabled={busy} aria-pressed={pressed(false)} onClick={() => void choose(false)}>
        Refuser
      </button>
    </div>
  );
}

/**
 * Asked once after sign-in, while the user's choice is still null. Not a modal: the app stays usable,
 * and the question stays until it is answered (the answer is stored on the account).
 */
export function AnalyticsConsentPrompt() {
  const user = useConsentUser();
  const titleId = useId();
  if (!analyticsConfigured() || !user || user.analytics_consent !== null) return null;
  return (
    <section className="consent-prompt" aria-labelledby={titleId}>
      <h2 id={titleId}>{CONSENT_QUESTION}</h2>
      <p>{CONSENT_EXPLANATION}</p>
      <ConsentButtons />
    </section>
  );
}
