import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { failureText } from '../../domain/failure-text';
import { badResetToken } from '../../contract/error-messages';
import { checkResetToken } from '../../domain/auth/check-reset-token';
import { ChangePasswordForm } from './change-password-form';

export const BAD_TOKEN_TEXT = badResetToken;
export const PASSWORD_CHANGED_TEXT = 'Votre mot de passe a bien été modifié. Vous pouvez maintenant vous connecter.';

type Step =
  | { kind: 'checking' }
  | { kind: 'ready' }
  | { kind: 'bad-token'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'done' };

/** The mailed link: the token is checked first, so a dead link says so before anything is typed. */
export function ResetPasswordPage({ token }: { token: string }) {
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void checkResetToken(token).then((result) => {
      if (cancelled) return;
      if (result.ok) return setStep({ kind: 'ready' });
      const { failure } = result;
      // A 400 or a 422 both mean this token can never work; anything else (offline, server) may pass later.
      if ((failure.kind === 'refused' && failure.status === 400) || failure.kind === 'invalid') {
        return setStep({ kind: 'bad-token', message: failure.kind === 'refused' ? failure.message : BAD_TOKEN_TEXT });
      }
      setStep({ kind: 'failed', message: failureText(failure) });
    });
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  if (step.kind === 'checking') return <p role="status">Vérification du lien…</p>;
  if (step.kind === 'ready') {
    return (
      <ChangePasswordForm
        token={token}
        onChanged={() => setStep({ kind: 'done' })}
        onBadToken={(message) => setStep({ kind: 'bad-token', message })}
      />
    );
  }
  if (step.kind === 'failed') {
    return (
      <section aria-labelledby="reset-failed-title">
        <h1 id="reset-failed-title">Nouveau mot de passe</h1>
        <p role="alert">{step.message}</p>
        <button type="button" onClick={() => (setStep({ kind: 'checking' }), setAttempt((n) => n + 1))}>
          Réessayer
        </button>
      </section>
    );
  }
  if (step.kind === 'bad-token') {
    return (
      <section aria-labelledby="bad-token-title">
        <h1 id="bad-token-title">Lien expiré</h1>
        <p role="alert">{step.message || BAD_TOKEN_TEXT}</p>
        <p className="form-footer">
          <Link to="/auth/reset-password" className="button">
            Demander un nouveau lien
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="password-changed-title">
      <h1 id="password-changed-title" tabIndex={-1} ref={(h) => h?.focus()}>
        Mot de passe modifié
      </h1>
      <p role="status">{PASSWORD_CHANGED_TEXT}</p>
      <p className="form-footer">
        <Link to="/auth/login" className="button">
          Se connecter
        </Link>
      </p>
    </section>
  );
}
