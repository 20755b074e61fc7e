import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { HelpsPage } from '../features/needs/helps/helps-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/helps/')({
  beforeLoad: guards('dashboard-needs'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <HelpsPage villageId={id} needId={need_id} />;
}
