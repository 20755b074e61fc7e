import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';

export const Route = createFileRoute('/_auth/auth/reset-password/$token')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  // A new token means a new check: the page starts over rather than keep the previous link's answer.
  return <ResetPasswordPage key={token} token={token} />;
}
