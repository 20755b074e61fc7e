import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/notifications')({
  beforeLoad: guards('dashboard-notification'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <NotificationsPage villageId={id} />;
}
