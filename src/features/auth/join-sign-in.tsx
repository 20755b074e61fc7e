import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Session } from '../../contract/session';
import { JoinWithEmailForm } from './join-with-email-form';
import { LoginForm } from './login-form';

interface JoinSignInProps {
  redirect?: string;
  onSignedIn: (session: Session) => Promise<void>;
}

/**
 * The sign-in page of a visitor who opened a join link: most have no account, so joining with a name and an
 * e-mail comes first and « J'ai déjà un compte » opens the usual sign-in, both returning to the join link.
 */
export function JoinSignIn({ redirect, onSignedIn }: JoinSignInProps) {
  const [hasAccount, setHasAccount] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  // After a switch, the first field of the form now shown takes the focus: keyboard and screen readers follow.
  useEffect(() => {
    if (switched.current) area.current?.querySelector('input')?.focus();
  }, [hasAccount]);
  const choose = (account: boolean) => {
    switched.current = true;
    setHasAccount(account);
  };
  const search = redirect ? { redirect } : {};

  return (
    <div ref={area}>
      {hasAccount ? (
        <>
          <LoginForm redirect={redirect} onSignedIn={onSignedIn} />
          <p className="form-footer">
            <button type="button" className="link" onClick={() => choose(false)}>
              Rejoindre avec mon e-mail, sans mot de passe
            </button>
          </p>
        </>
      ) : (
        <>
          <JoinWithEmailForm onSignedIn={onSignedIn} />
          <p className="form-footer">
            <button type="button" className="button secondary" onClick={() => choose(true)}>
              J'ai déjà un compte
            </button>
          </p>
          <p className="form-footer">
            Vous préférez un mot de passe&nbsp;?{' '}
            <Link to="/auth/register" search={search}>
              Créer un compte
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
