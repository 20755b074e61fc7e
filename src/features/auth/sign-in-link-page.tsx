import { useRetryWhenOnline } from '../../hooks/use-retry-when-online';
import { AuthFrame } from '../../components/layouts/auth-layout';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { signInLinkInvalid, signInLinkOffline } from '../../contract/sign-in-link';
import { failureText } from '../../domain/failure-text';
import { redeemSignInLink } from '../../domain/auth/sign-in-link';
import { signIn } from '../../session/sign-in';

type Step = { kind: 'signing-in' } | { kind: 'invalid'; message: string } | { kind: 'offline' } | { kind: 'failed'; message: string };

/**
 * The mailed link `/auth/link/{token}`: the token is posted once and, when it works, the session kept as a
 * login keeps it, then on to where the person was going (`redirect`, a path of this app only: signIn checks).
 * Offline, the page says the link needs the network and tries again by itself when it is back.
 */
export function SignInLinkPage({ token, redirect }: { token: string; redirect?: string }) {
  const [step, setStep] = useState<Step>({ kind: 'signing-in' });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const result = await redeemSignInLink(token);
      if (cancelled) return;
      // Kept as a login keeps it (use-sign-in.ts), then through the bootstrap page to where the person was going.
      if (result.ok) return navigate({ to: await signIn(result.data, redirect), replace: true });
      const { failure } = result;
      if (failure.kind === 'offline') return setStep({ kind: 'offline' });
      // 410 (used, expired, unknown) or a token that cannot be one (422): this link will never work.
      if ((failure.kind === 'refused' && failure.status === 410) || failure.kind === 'invalid') {
        return setStep({ kind: 'invalid', message: failure.kind === 'refused' && failure.message ? failure.message : signInLinkInvalid });
      }
      setStep({ kind: 'failed', message: failureText(failure) });
    })();
    return () => {
      cancelled = true;
    };
  }, [token, attempt, redirect, navigate]);

  const retry = () => (setStep({ kind: 'signing-in' }), setAttempt((n) => n + 1));
  // Offline: tried again by itself as soon as the browser is back online.
  useRetryWhenOnline(step.kind === 'offline', retry);

  const retryButton = (
    <button type="button" onClick={retry}>
      Réessayer
    </button>
  );

  return (
    <AuthFrame>
      {step.kind === 'signing-in' ? (
        <>
          <h1>Connexion</h1>
          <p role="status">Connexion en cours…</p>
        </>
      ) : null}
      {step.kind === 'invalid' ? (
        <section aria-labelledby="link-invalid-title">
          <h1 id="link-invalid-title" tabIndex={-1} ref={(h) => h?.focus()}>
            Lien plus valable
          </h1>
          <p role="alert">{step.message}</p>
          <p className="form-footer">
            <Link to="/auth/link/{-$token}" params={{}} search={redirect ? { redirect } : {}} className="button">
              Recevoir un nouveau lien
            </Link>
          </p>
          <p className="form-footer">
            <Link to="/auth/login" search={redirect ? { redirect } : {}}>
              Se connecter avec un mot de passe
            </Link>
          </p>
        </section>
      ) : null}
      {step.kind === 'offline' || step.kind === 'failed' ? (
        <section aria-labelledby="link-failed-title">
          <h1 id="link-failed-title">Connexion</h1>
          <p role="alert">{step.kind === 'offline' ? signInLinkOffline : step.message}</p>
          {retryButton}
        </section>
      ) : null}
    </AuthFrame>
  );
}
