import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';
import { guards } from '../guards/registry';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/chat')({
  beforeLoad: guards('dashboard-chat'),
  component: () => <Placeholder title="Discussion" />,
});
