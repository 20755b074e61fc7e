import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoginForm } from '../features/auth/login-form';
import { parseAuthSearch } from '../features/auth/auth-search';
import { useSignIn } from '../features/auth/use-sign-in';
import { JoinLinkPreview } from '../features/join/join-link-preview';
import { joinCodeOf } from '../features/join/join-code';

// Only a visitor who came from a join link loads the join-with-e-mail form: the first screen stays under its budget
// (`npm run bench:size`).
const JoinSignIn = lazy(() => import('../features/auth/join-sign-in').then((m) => ({ default: m.JoinSignIn })));

export const Route = createFileRoute('/_auth/auth/login')({
  validateSearch: parseAuthSearch,
  component: LoginPage,
});

function LoginPage() {
  const { redirect, expired } = Route.useSearch();
  const onSignedIn = useSignIn(redirect);
  return (
    <>
      <JoinLinkPreview redirect={redirect} />
      {/* Someone opening a join link most likely has no account: joining with a name and an e-mail comes first. */}
      {joinCodeOf(redirect) && !expired ? (
        <Suspense fallback={null}>
          <JoinSignIn redirect={redirect} onSignedIn={onSignedIn} />
        </Suspense>
      ) : (
        <LoginForm expired={expired} redirect={redirect} onSignedIn={onSignedIn} />
      )}
    </>
  );
}
