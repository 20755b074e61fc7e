import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';
import { guards } from '../guards/registry';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/')({
  beforeLoad: guards('dashboard-needs'),
  component: () => <Placeholder title="Besoin" />,
});
