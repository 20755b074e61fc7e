import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/verify-email/verify-email-page';

/**
 * The verification link of the mail. No guard: it works signed in (the account learns it at once) and
 * signed out (the link opened on another device or browser), so it is in neither `_base` (signed in only)
 * nor `_auth` (signed out only).
 */
export const Route = createFileRoute('/auth/verify-email/$token')({
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useParams();
  // Another link opened in the running app starts over rather than keep the previous link's answer.
  return <VerifyEmailPage key={token} token={token} />;
}
