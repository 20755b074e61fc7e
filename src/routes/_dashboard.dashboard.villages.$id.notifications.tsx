import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';
import { guards } from '../guards/registry';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/notifications')({
  beforeLoad: guards('dashboard-notification'),
  component: () => <Placeholder title="Notifications" />,
});
