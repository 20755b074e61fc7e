import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '../features/auth/auth-search';
import { SignInLinkPage } from '../features/auth/sign-in-link-page';

/**
 * The sign-in link of the mail. No guard, as the verification link: opened signed in or not, it signs in as
 * its owner; opened again, it says it has served (not `_auth`, which would send a signed-in person away).
 */
export const Route = createFileRoute('/auth/link/$token')({
  validateSearch: parseAuthSearch,
  component: SignInLinkRoute,
});

function SignInLinkRoute() {
  const { token } = Route.useParams();
  const { redirect } = Route.useSearch();
  // Another link opened in the running app starts over rather than keep the previous link's answer.
  return <SignInLinkPage key={token} token={token} redirect={redirect} />;
}
