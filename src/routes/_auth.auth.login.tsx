import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form';
import { parseAuthSearch } from '../features/auth/auth-search';
import { useSignIn } from '../features/auth/use-sign-in';
import { JoinLinkPreview } from '../features/join/join-link-preview';

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
      <LoginForm expired={expired} redirect={redirect} onSignedIn={onSignedIn} />
    </>
  );
}
