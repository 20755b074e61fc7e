import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form';
import { parseAuthSearch } from '../features/auth/auth-search';
import { useSignIn } from '../features/auth/use-sign-in';
import { joinCodeOf } from '../features/join/join-code';

// Only a visitor who came from a join link loads it: the first screen stays as light as it was.
const JoinPreviewCard = lazy(() => import('../features/join/join-preview-card'));

export const Route = createFileRoute('/_auth/auth/login')({
  validateSearch: parseAuthSearch,
  component: LoginPage,
});

function LoginPage() {
  const { redirect, expired } = Route.useSearch();
  const onSignedIn = useSignIn(redirect);
  const code = joinCodeOf(redirect);
  return (
    <>
      {code ? (
        <Suspense fallback={null}>
          <JoinPreviewCard code={code} />
        </Suspense>
      ) : null}
      <LoginForm expired={expired} redirect={redirect} onSignedIn={onSignedIn} />
    </>
  );
}
