import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { NeedsPage } from '../features/needs/needs-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/')({
  beforeLoad: guards('dashboard-needs'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <NeedsPage villageId={id} />;
}
