import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '../features/auth/auth-search';
import { RequestSignInLinkForm } from '../features/auth/request-sign-in-link-form';

// A route of its own (split by the router plugin): the login page, the first screen, does not carry this form.
export const Route = createFileRoute('/_auth/auth/link/')({
  validateSearch: parseAuthSearch,
  component: RequestSignInLinkPage,
});

function RequestSignInLinkPage() {
  const { redirect } = Route.useSearch();
  return <RequestSignInLinkForm redirect={redirect} />;
}
