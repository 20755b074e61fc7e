import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { VillageInfosPage } from '../features/village-infos/village-infos-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/infos')({
  beforeLoad: guards('dashboard-infos'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <VillageInfosPage villageId={id} />;
}
