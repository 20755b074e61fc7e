import { createFileRoute } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/register-form';
import { parseAuthSearch } from '../features/auth/auth-search';
import { useSignIn } from '../features/auth/use-sign-in';
import { JoinLinkPreview } from '../features/join/join-link-preview';

export const Route = createFileRoute('/_auth/auth/register')({
  validateSearch: parseAuthSearch,
  component: RegisterPage,
});

function RegisterPage() {
  const { redirect } = Route.useSearch();
  const onSignedIn = useSignIn(redirect);
  return (
    <>
      <JoinLinkPreview redirect={redirect} />
      <RegisterForm redirect={redirect} onSignedIn={onSignedIn} />
    </>
  );
}
