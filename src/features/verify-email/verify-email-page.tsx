import { useRetryWhenOnline } from '../../hooks/use-retry-when-online';
import { AuthFrame } from '../../components/layouts/auth-layout';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { failureText } from '../../domain/failure-text';
import { alreadyVerified, verificationLinkInvalid } from '../../contract/email-verification';
import { getToken } from '../../session/token';
import { ResendLink } from '../../components/verification/resend-link';
import { postVerificationToken, refreshCurrentUser } from '../../domain/users/verification-calls';
import { VERIFIED_TEXT, VERIFY_OFFLINE_TEXT, VERIFYING_TEXT } from '../../domain/users/verification-texts';
import '../../components/verification/verification.css';

type Step =
  | { kind: 'verifying' }
  | { kind: 'verified'; text: string }
  | { kind: 'invalid'; message: string; email: string | null }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

/** Where to go from here: somewhere in the app when signed in, else to sign in. */
function OnwardLink({ signedIn, to, label }: { signedIn: boolean; to: '/dashboard/villages' | '/account'; label: string }) {
  return (
    <p className="form-footer">
      {signedIn ? (
        <Link to={to} className="button">
          {label}
        </Link>
      ) : (
        <Link to="/auth/login" className="button">
          Se connecter
        </Link>
      )}
    </p>
  );
}

/**
 * The mailed link `/auth/verify-email/{token}`, signed in or not (it may be opened in any browser): the
 * token is posted once, and the answer said. Offline, the page keeps the token and posts it when the
 * network is back.
 */
export function VerifyEmailPage({ token }: { token: string }) {
  const [step, setStep] = useState<Step>({ kind: 'verifying' });
  const [attempt, setAttempt] = useState(0);
  const signedIn = !!getToken();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const result = await postVerificationToken(token);
      if (cancelled) return;
      if (result.ok) {
        setStep({ kind: 'verified', text: VERIFIED_TEXT });
        // The stored user learns it, so the account's notice goes.
        void refreshCurrentUser();
        return;
      }
      const { failure } = result;
      if (failure.kind === 'offline') return setStep({ kind: 'offline' });
      // 410 (used, expired, a former address) or a token that cannot be one (422): this link will never work.
      if ((failure.kind === 'refused' && failure.status === 410) || failure.kind === 'invalid') {
        const me = await refreshCurrentUser();
        if (cancelled) return;
        // Opened twice, or another link of the same mail already used: nothing is left to do.
        if (me?.email_verified_at) return setStep({ kind: 'verified', text: alreadyVerified });
        const message = failure.kind === 'refused' && failure.message ? failure.message : verificationLinkInvalid;
        return setStep({ kind: 'invalid', message, email: me?.email ?? null });
      }
      setStep({ kind: 'failed', message: failureText(failure) });
    })();
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  const retry = () => (setStep({ kind: 'verifying' }), setAttempt((n) => n + 1));
  // Offline: tried again by itself as soon as the browser is back online.
  useRetryWhenOnline(step.kind === 'offline', retry);

  const retryButton = (
    <button type="button" onClick={retry}>
      Réessayer
    </button>
  );

  return (
    <AuthFrame cardClass="verify-email">
      {step.kind === 'verifying' ? (
        <>
          <h1>Vérification de votre adresse</h1>
          <p role="status">{VERIFYING_TEXT}</p>
        </>
      ) : null}
      {step.kind === 'verified' ? (
        <section aria-labelledby="verified-title">
          <h1 id="verified-title" tabIndex={-1} ref={(h) => h?.focus()}>
            Adresse vérifiée
          </h1>
          <p role="status">{step.text}</p>
          <OnwardLink signedIn={signedIn} to="/dashboard/villages" label="Aller à mes villages" />
        </section>
      ) : null}
      {step.kind === 'invalid' ? (
        <section aria-labelledby="invalid-title">
          <h1 id="invalid-title" tabIndex={-1} ref={(h) => h?.focus()}>
            Lien plus valable
          </h1>
          <p role="alert">{step.message}</p>
          {signedIn && step.email ? (
            <ResendLink email={step.email} label="Recevoir un nouveau lien" />
          ) : (
            <OnwardLink signedIn={signedIn} to="/account" label="Aller à mon compte" />
          )}
        </section>
      ) : null}
      {step.kind === 'offline' ? (
        <section aria-labelledby="offline-title">
          <h1 id="offline-title">Vérification de votre adresse</h1>
          <p role="alert">{VERIFY_OFFLINE_TEXT}</p>
          {retryButton}
        </section>
      ) : null}
      {step.kind === 'failed' ? (
        <section aria-labelledby="failed-title">
          <h1 id="failed-title">Vérification de votre adresse</h1>
          <p role="alert">{step.message}</p>
          {retryButton}
        </section>
      ) : null}
    </AuthFrame>
  );
}
