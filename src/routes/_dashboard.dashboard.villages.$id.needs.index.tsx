import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { NeedsPage } from '../features/needs/needs-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/')({
  beforeLoad: guards('dashboard-needs'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <NeedsPage villageId={id} />;
}
