import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/notifications')({
  beforeLoad: guards('dashboard-notification'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <NotificationsPage villageId={id} />;
}
