import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '../features/auth/auth-search';
import { RequestSignInLinkPage } from '../features/auth/request-sign-in-link-form';
import { SignInLinkPage } from '../features/auth/sign-in-link-page';

/**
 * `/auth/link` asks for a sign-in link, `/auth/link/{token}` is the mailed link. One route for both: each
 * route weighs on the first screen's route tree (`npm run bench:size`), and both pages are small. No guard,
 * as the verification link: opened signed in or not, the link signs in as its owner; opened again, it says
 * it has served (`_auth` would send a signed-in person away).
 */
export const Route = createFileRoute('/auth/link/{-$token}')({
  validateSearch: parseAuthSearch,
  component: SignInLinkRoute,
});

function SignInLinkRoute() {
  const { token } = Route.useParams();
  const { redirect } = Route.useSearch();
  // Another link opened in the running app starts over rather than keep the previous link's answer.
  return token ? <SignInLinkPage key={token} token={token} redirect={redirect} /> : <RequestSignInLinkPage redirect={redirect} />;
}
