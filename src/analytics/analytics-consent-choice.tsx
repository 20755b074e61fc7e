import { useId } from 'react';
import { analyticsConfigured, useConsentUser } from './consent';
import { ConsentButtons, CONSENT_EXPLANATION } from './analytics-consent-prompt';

const STATUS = {
  true: 'Vous avez accepté la mesure d’audience.',
  false: 'Vous avez refusé la mesure d’audience\u00a0: rien n’est envoyé.',
  null: 'Vous n’avez pas encore fait de choix.',
} as const;

/** The account's setting: the current choice, and the two buttons to change it at any time. */
export function AnalyticsConsentChoice() {
  const user = useConsentUser();
  const titleId = useId();
  if (!analyticsConfigured() || !user) return null;
  return (
    <section className="consent-choice" aria-labelledby={titleId}>
      <h2 id={titleId}>Mesure d’audience</h2>
      <p>{CONSENT_EXPLANATION}</p>
      <p aria-live="polite">{STATUS[String(user.analytics_consent) as keyof typeof STATUS]}</p>
      <ConsentButtons current={user.analytics_consent} />
    </section>
  );
}
