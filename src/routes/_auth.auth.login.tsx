import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoginForm } from '../features/auth/login-form';
import { parseAuthSearch } from '../features/auth/auth-search';
import { useSignIn } from '../features/auth/use-sign-in';
import { JOIN_PATH } from '../contract/join-link';
import { PasskeySignIn } from '../components/passkeys/passkey-sign-in';

// Only a visitor who came from a join link loads its page (the invitation's preview, joining with an e-mail).
const JoinLogin = lazy(() => import('../app/join-login'));

export const Route = createFileRoute('/_auth/auth/login')({
  validateSearch: parseAuthSearch,
  component: LoginPage,
});

function LoginPage() {
  const { redirect, expired } = Route.useSearch();
  const onSignedIn = useSignIn(redirect);
  return redirect?.startsWith(JOIN_PATH) ? (
    <Suspense fallback={null}>
      <JoinLogin redirect={redirect} expired={expired} onSignedIn={onSignedIn} />
    </Suspense>
  ) : (
    <>
      <LoginForm expired={expired} redirect={redirect} onSignedIn={onSignedIn} />
      <PasskeySignIn onSignedIn={onSignedIn} />
    </>
  );
}
