import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/notification-settings/unsubscribe-page';

/** Opened from a mail's footer: no guard, so it works signed out and on a device that never used the app. */
export const Route = createFileRoute('/mail/unsubscribe/$token')({
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useParams();
  return <UnsubscribePage token={token} />;
}
